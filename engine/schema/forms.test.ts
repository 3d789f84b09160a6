// The spec's validation rules (forms spec §5), checked on the form documents
// themselves through validateSubmission, the function the server runs.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CREDIT_COUNT_MAX_LENGTH, MAX_FILE_SIZE } from '../constants';
import { loadDocuments } from './load-fs';
import { validateSubmission } from './validate-submission';
import permissionNames from '../../fixtures/permissions.json';

// The forms spec's numbers (§9) that only the documents enforce: pinned here against them.
const COMMENT_MAX_LENGTH = 200;
const CODE_AMOUNT_MAX_DIGITS = 12;
const COMPANY_NAME_MIN_LENGTH = 3;
const PRICE_REQUIRED_TYPE_IDS = [2, 4, 6, 8, 10];

const { forms, prompts } = loadDocuments(fileURLToPath(new URL('../../schemas', import.meta.url)));
/** Every permission (fixtures/permissions.json): forms are checked as a user who may use them. */
const SUPER = permissionNames.map((p) => p.name);
const NOT_SUPER = SUPER.filter((p) => p !== 'super_admin');

function errorsOf(name: string, payload: Record<string, unknown>, permissions: string[] = SUPER) {
  const doc = forms.get(name) ?? prompts.get(name);
  if (!doc) throw new Error(`no document ${name}`);
  return Object.fromEntries(validateSubmission(doc, payload, { permissions }).errors.map((e) => [e.source, e.message]));
}
const requiredKeys = (name: string, permissions: string[] = SUPER) =>
  Object.keys(errorsOf(name, {}, permissions)).sort();

describe('the 14 forms of the spec', () => {
  it('has every form and the /forms route names', () => {
    for (const name of [
      'new-company',
      'new-tag',
      'invite-user',
      'move-company',
      'add-resources',
      'move-resources',
      'create-code',
      'activate-code',
      'add-company-data',
      'invite-new-company',
      'upload-device-api-documentation',
      'remove-email-from-suppression-list',
      'remove-mfa',
      'delete-user',
      'add-device',
      'new-task-group',
      'edit-task-group',
      'new-role',
      'new-automation',
      'edit-automation',
      'move-device-resources',
    ])
      expect(forms.has(name), name).toBe(true);
  });

  it('New company: name required, minimum 3 characters; parent company required', () => {
    expect(requiredKeys('new-company')).toEqual(['name', 'parent_id']);
    expect(errorsOf('new-company', { name: 'ab', parent_id: 1 })).toEqual({
      name: 'The name must be at least 3 characters.',
    });
    expect(errorsOf('new-company', { name: 'abc', parent_id: 1 })).toEqual({});
  });

  it('New company: the parent list offers companies of levels 1 and 2 only (a level-3 company has no subsidiaries)', () => {
    const parent = forms.get('new-company')!.fields.find((f) => f.key === 'parent_id')!;
    expect(parent.options).toEqual({ lookup: 'companies', params: { level: '1,2' } });
  });

  it('Add device: the file lists ask /files for type firmware or for type config (spec 001 §7)', () => {
    const fields = forms.get('add-device')!.fields;
    const options = (key: string) => fields.find((f) => f.key === key)!.options;
    expect(options('firmware_file_id')).toEqual({ lookup: 'files', params: { type: 'firmware' } });
    expect(options('config_file_id')).toEqual({ lookup: 'files', params: { type: 'config' } });
  });

  it('New tag: company and name required; description and color optional', () => {
    expect(requiredKeys('new-tag')).toEqual(['company_id', 'name']);
  });

  it('Invite user: company and e-mail required; role optional', () => {
    expect(requiredKeys('invite-user')).toEqual(['company_id', 'email']);
    expect(errorsOf('invite-user', { company_id: 1, email: 'not-mail' })).toEqual({
      email: 'The e-mail must be a valid email address.',
    });
  });

  it('Move company: source company and target company required', () => {
    expect(requiredKeys('move-company')).toEqual(['source', 'target']);
  });

  it('Add resources: type, count (number, minimum 1) and company required; price and pro form only for 2, 4, 6, 8, 10', () => {
    expect(requiredKeys('add-resources')).toEqual(['company_id', 'credit_count', 'credit_type_id']);
    expect(errorsOf('add-resources', { credit_type_id: 1, credit_count: 0, company_id: 1 })).toEqual({
      credit_count: 'The resource count must be at least 1.',
    });
    for (const id of [2, 4, 6, 8, 10])
      expect(
        Object.keys(errorsOf('add-resources', { credit_type_id: id, credit_count: 1, company_id: 1 })).sort(),
      ).toEqual(['credit_price', 'pro_form_nr']);
    for (const id of [1, 3, 5, 7, 9, 11])
      expect(errorsOf('add-resources', { credit_type_id: id, credit_count: 1, company_id: 1 })).toEqual({});
    const paid = { credit_type_id: 2, credit_count: 1, company_id: 1, pro_form_nr: 'PF-1' };
    expect(errorsOf('add-resources', { ...paid, credit_price: -1 })).toEqual({
      credit_price: 'The credit price must be at least 0.',
    });
    expect(errorsOf('add-resources', { ...paid, credit_price: 1.005 })).toEqual({
      credit_price: 'The credit price must be a multiple of 0.01.',
    });
    expect(errorsOf('add-resources', { ...paid, credit_price: 19.99 })).toEqual({});
  });

  it('Move resources: type, source company, target company and amount (minimum 1) required', () => {
    expect(requiredKeys('move-resources')).toEqual(['amount', 'credit_type_name', 'source', 'target']);
    expect(errorsOf('move-resources', { credit_type_name: 'Paid', source: 1, target: 2, amount: 0 })).toEqual({
      amount: 'The amount must be at least 1.',
    });
  });

  it('Create code: type and amount (1, up to 12 digits) required; source company only for a super admin; comment up to 200', () => {
    expect(requiredKeys('create-code')).toEqual(['amount', 'company_id', 'credit_type_name']);
    expect(requiredKeys('create-code', NOT_SUPER)).toEqual(['amount', 'credit_type_name']);
    const ok = { credit_type_name: 'Free Credit', amount: 999999999999 };
    expect(errorsOf('create-code', ok, NOT_SUPER)).toEqual({});
    expect(errorsOf('create-code', { ...ok, amount: 1000000000000 }, NOT_SUPER)).toHaveProperty('amount');
    expect(errorsOf('create-code', { ...ok, comment: 'x'.repeat(200) }, NOT_SUPER)).toEqual({});
    expect(errorsOf('create-code', { ...ok, comment: 'x'.repeat(201) }, NOT_SUPER)).toEqual({
      comment: 'The comment may not be greater than 200 characters.',
    });
  });

  it('Activate code: code required', () => {
    expect(requiredKeys('activate-code')).toEqual(['code']);
  });

  it('Add company data: company required; credit count required, 1 to 14 characters, digits only', () => {
    expect(requiredKeys('add-company-data')).toEqual(['company_id', 'credits']);
    expect(errorsOf('add-company-data', { company_id: 1, credits: '12345678901234' })).toEqual({});
    expect(errorsOf('add-company-data', { company_id: 1, credits: '123456789012345' })).toHaveProperty('credits');
    expect(errorsOf('add-company-data', { company_id: 1, credits: '12a' })).toEqual({
      credits: 'The credit count must contain digits only.',
    });
  });

  it('Invite new company: e-mail required', () => {
    expect(requiredKeys('invite-new-company')).toEqual(['email']);
  });

  it('Upload device API documentation: system (rutos or tswos) and a .json file required; overwrite optional', () => {
    expect(requiredKeys('upload-device-api-documentation')).toEqual(['file', 'system']);
    const file = { name: 'api.json', size: 10, type: 'application/json' };
    expect(errorsOf('upload-device-api-documentation', { system: 'rutos', file, overwrite: 'true' })).toEqual({});
    expect(errorsOf('upload-device-api-documentation', { system: 'openwrt', file })).toEqual({
      system: 'The selected system type is invalid.',
    });
    expect(
      errorsOf('upload-device-api-documentation', { system: 'tswos', file: { ...file, name: 'api.txt' } }),
    ).toEqual({
      file: 'The file must be a file of type: json.',
    });
    const doc = forms.get('upload-device-api-documentation')!;
    expect(
      validateSubmission(doc, { system: 'rutos', file, overwrite: 'true' }, { permissions: SUPER }).value.overwrite,
    ).toBe(true);
  });

  it('Remove e-mail from suppression list, remove MFA, delete user: the e-mail is required', () => {
    for (const name of ['remove-email-from-suppression-list', 'remove-mfa', 'delete-user'])
      expect(requiredKeys(name)).toEqual(['email']);
  });

  it('Verification code field labelled Code: required. Prompt input: required. Password confirmation: Password', () => {
    expect(errorsOf('verification-code', {})).toEqual({ code: 'The code field is required.' });
    expect(errorsOf('prompt-input', {})).toEqual({ value: 'The value field is required.' });
    expect(errorsOf('password-confirmation', {})).toEqual({ password: 'The password field is required.' });
    expect(prompts.get('password-confirmation')?.endpoint).toBe('/password-confirmation');
  });

  it('add-device: MAC for RUT/TCR, IMEI for TRB (hidden otherwise)', () => {
    const base = { company_id: 1, serial: '1100000000', password_confirmation: 'x' };
    expect(Object.keys(errorsOf('add-device', { ...base, device_series: 'rut' }, SUPER))).toEqual(['mac']);
    expect(Object.keys(errorsOf('add-device', { ...base, device_series: 'trb' }, SUPER))).toEqual(['imei']);
    expect(errorsOf('add-device', { ...base, device_series: 'tap' }, SUPER)).toEqual({});
    expect(errorsOf('add-device', { ...base, device_series: 'rut', mac: '00:1E:42:AB:CD:EF' }, SUPER)).toEqual({});
  });

  it('task groups: tasks rows keyed by column, checked per cell', () => {
    const task = { name: 'Reboot', type: 'command', timeout: '30', command: 'reboot' };
    expect(errorsOf('new-task-group', { name: 'G', tasks: [task] }, SUPER)).toEqual({});
    expect(errorsOf('new-task-group', { name: 'G', tasks: [{ ...task, timeout: '301' }] }, SUPER)).toEqual({
      tasks: 'The timeout format is invalid.',
    });
  });

  it('the documents carry the business constants of forms spec §9', () => {
    const field = (form: string, key: string) => forms.get(form)!.fields.find((f) => f.key === key)!;
    expect(field('create-code', 'amount').max).toBe(10 ** CODE_AMOUNT_MAX_DIGITS - 1);
    expect(field('create-code', 'comment').maxlength).toBe(COMMENT_MAX_LENGTH);
    expect(field('new-company', 'name').minlength).toBe(COMPANY_NAME_MIN_LENGTH);
    expect(field('add-company-data', 'credits').maxlength).toBe(CREDIT_COUNT_MAX_LENGTH);
    expect(field('add-resources', 'credit_price').depends?.[0].values).toEqual(PRICE_REQUIRED_TYPE_IDS);
    expect(field('add-resources', 'pro_form_nr').depends?.[0].values).toEqual(PRICE_REQUIRED_TYPE_IDS);
    expect(field('upload-device-api-documentation', 'file').maxSize).toBe(MAX_FILE_SIZE);
  });
});
