import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ModalComponentProps } from './types';

type ModalComponent = LazyExoticComponent<ComponentType<ModalComponentProps>>;

function named<K extends string>(load: () => Promise<Record<K, ComponentType<ModalComponentProps>>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

/**
 * Modal components by descriptor `component` name, each loaded on first use
 * (the form renderer, @rjsf and ajv stay out of the first-load bundle).
 */
export const modalComponents: Record<string, ModalComponent> = {
  Prompt: named(() => import('../prompts/ConfirmPrompt'), 'ConfirmPrompt'),
  TextModal: named(() => import('./named/TextModal'), 'TextModal'),
  FieldHint: named(() => import('./named/FieldHint'), 'FieldHint'),
  FormDescription: named(() => import('./named/FormDescription'), 'FormDescription'),
  Error: named(() => import('./named/ErrorModal'), 'ErrorModal'),
};
