import { describe, expect, it } from 'vitest';
import { rows, signedIn, useServer } from './harness';

// The account e-mail changes only after the new address is verified with the
// code the mail service sent to it.

const { server } = useServer({});

async function mailedCode(to: string): Promise<string> {
  const superAdmin = await signedIn(server, 'super@example.com');
  const mail = rows(await superAdmin.get(`/api/system/mail-logs?template=email_change&q=${encodeURIComponent(to)}`))[0];
  expect(mail.recipient).toBe(to);
  return /\b(\d{6})\b/.exec(String(mail.body))![1];
}

describe('changing the account e-mail', () => {
  it('sends a code to the new address and changes nothing until it is verified', async () => {
    const client = await signedIn(server, 'enduser@example.com');
    const asked = await client.put('/api/account/user', { email: 'New.Address@example.com' });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ success: true, meta: { email_verification: 'sent' } });
    expect(((await client.get('/api/user')).body.data as { email: string }).email).toBe('enduser@example.com');
    const code = await mailedCode('new.address@example.com');

    const wrong = await client.post('/api/account/user/email/verify', {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ success: false, errors: [{ code: 'CONFIRMATION_FAILED', source: 'code' }] });
    expect(((await client.get('/api/user')).body.data as { email: string }).email).toBe('enduser@example.com');

    expect((await client.post('/api/account/user/email/verify', { code })).status).toBe(200);
    expect(((await client.get('/api/user')).body.data as { email: string }).email).toBe('new.address@example.com');
    // A code works once.
    expect((await client.post('/api/account/user/email/verify', { code })).status).toBe(422);
  });

  it('refuses an address another account holds, and a code after five wrong tries', async () => {
    const client = await signedIn(server, 'guest@example.com');
    const taken = await client.put('/api/account/user', { email: 'admin@example.com' });
    expect(taken.status).toBe(422);
    expect(taken.body).toMatchObject({ errors: [{ source: 'email' }] });
    await client.put('/api/account/user', { email: 'guest.next@example.com' });
    const code = await mailedCode('guest.next@example.com');
    for (let i = 0; i < 5; i++) await client.post('/api/account/user/email/verify', { code: 'nope' });
    expect((await client.post('/api/account/user/email/verify', { code })).status).toBe(422);
    expect(((await client.get('/api/user')).body.data as { email: string }).email).toBe('guest@example.com');
  });
});
