import { describe, expect, it } from 'vitest';
import { createSubmitEnvironment } from './environment';

const env = (hiddenKeys?: string[]) =>
  createSubmitEnvironment({ hiddenKeys, close: () => undefined, navigateBack: () => undefined });

describe('submit environment error mapping', () => {
  it('hides the errors of the fields the user lacks the permission for (forms spec §6)', () => {
    const items = [
      { code: 'VALIDATION_ERROR', message: 'The company is invalid.', source: 'company_id' },
      { code: 'VALIDATION_ERROR', message: 'Amount too big', source: 'amount' },
    ];
    const mapped = env(['company_id']).mapErrors(items, ['credit_type_name', 'amount', 'comment']);
    expect(mapped).toMatchObject({ fields: { amount: ['Amount too big'] }, general: [] });
    // Without the permission list the message would surface in the general list.
    expect(env().mapErrors(items, ['credit_type_name', 'amount']).general).toEqual(['The company is invalid.']);
  });

  it('a password error clears password_confirmation', () => {
    const mapped = env().mapErrors(
      [{ code: 'X', message: 'Too weak', source: 'password' }],
      ['password', 'password_confirmation'],
    );
    expect(mapped).toMatchObject({ fields: { password: ['Too weak'] }, clear: ['password_confirmation'] });
  });
});
