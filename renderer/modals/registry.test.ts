import { describe, expect, it } from 'vitest';
import { openModal, closeAllModals, type ModalComponentName } from '../../engine/stores/modals';
import { modalComponents } from './registry';

describe('the modal registry', () => {
  it('draws every component a modal can name', () => {
    const names: ModalComponentName[] = ['Form', 'Prompt', 'TextModal', 'MfaTOTP', 'UserPermissions'];
    for (const name of names) expect(modalComponents[name]).toBeDefined();
    expect(Object.keys(modalComponents)).toHaveLength(16);
  });

  it('refuses a misspelt name at compile time', () => {
    // @ts-expect-error: 'Texmodal' names no modal component (the type check fails if it were accepted).
    openModal({ id: 'typo', component: 'Texmodal' });
    closeAllModals();
  });
});
