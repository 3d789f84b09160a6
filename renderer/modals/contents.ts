import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PromptContentName } from '../../engine/stores/modals';
import type { ModalComponentProps } from './types';

export type ModalComponent = LazyExoticComponent<ComponentType<ModalComponentProps>>;

export function named<K extends string>(load: () => Promise<Record<K, ComponentType<ModalComponentProps>>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

/**
 * The dialog contents by name (a modal's `component`, or a prompt's
 * `promptContent`), each loaded on first use (the form renderer, @rjsf and ajv
 * stay out of the first-load bundle).
 */
export const promptContents: Record<PromptContentName, ModalComponent> = {
  DeviceSocketAction: named(() => import('./named/DeviceSocketAction'), 'DeviceSocketAction'),
  MfaID: named(() => import('./named/MfaID'), 'MfaID'),
  MfaTOTP: named(() => import('./named/MfaTOTP'), 'MfaTOTP'),
  MfaEmail: named(() => import('./named/MfaEmail'), 'MfaEmail'),
  PasswordConfirmation: named(() => import('./named/PasswordConfirmation'), 'PasswordConfirmation'),
  DocumentPrompt: named(() => import('./named/DocumentPromptModal'), 'DocumentPromptModal'),
  TextModal: named(() => import('./named/TextModal'), 'TextModal'),
  RevealOnce: named(() => import('./named/RevealOnce'), 'RevealOnce'),
  ItemSelect: named(() => import('./named/ItemSelectModal'), 'ItemSelectModal'),
  FieldHint: named(() => import('./named/FieldHint'), 'FieldHint'),
  FormDescription: named(() => import('./named/FormDescription'), 'FormDescription'),
  SelectBox: named(() => import('./named/SelectBox'), 'SelectBox'),
  Error: named(() => import('./named/ErrorModal'), 'ErrorModal'),
  UserPermissions: named(() => import('./named/UserPermissions'), 'UserPermissions'),
};
