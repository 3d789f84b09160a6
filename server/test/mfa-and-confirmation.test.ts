import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { rows, signedIn, startServer, useServer } from './harness';
import mfa from '../../fixtures/mfa-totp.json';

// MFA_REQUIRED on sensitive writes for the TOTP user (code computed from the
// published secret), CONFIRMATION_FAILED for a wrong code; HTTP 423 on the
// admin tools until POST /password-confirmation.

const { server } = useServer({});

interface Challenge {
  errors: { code: string; source: string | null }[];
  meta: { mfa_method: string; session_id: string; session_uuid: string };
}

/** The code of the next time step (accepted inside the ±30 s window, and later than the step just spent). */
const nextTotpCode = () => generate({ secret: mfa.secret, epoch: Math.floor(Date.now() / 1000) + 30 });

describe('multi-factor on sensitive writes', () => {
  it('challenges, refuses a wrong code, and passes with the TOTP code', async () => {
    const client = await signedIn(server, mfa.email);
    const payload = { company_id: 1, email: 'mfa.invitee@example.com', role: 'end_user' };
    const first = await client.post<Challenge>('/api/users/invite', payload);
    expect(first.status).toBe(403);
    expect(first.body.errors[0].code).toBe('MFA_REQUIRED');
    expect(first.body.meta.mfa_method).toBe('totp');
    const sessionId = first.body.meta.session_id;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);

    const wrong = await client.post<Challenge>('/api/users/invite', {
      ...payload,
      session_code: '000000',
      session_id: sessionId,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0]).toMatchObject({ code: 'CONFIRMATION_FAILED', source: 'session_code' });
    expect((await client.get('/api/users/invitations?q=mfa.invitee')).body.meta).toMatchObject({ total: 0 });

    const code = await generate({ secret: mfa.secret });
    const passed = await client.post('/api/users/invite', { ...payload, session_code: code, session_uuid: sessionId });
    expect(passed.status).toBe(201);
    expect(rows(await client.get('/api/users/invitations?q=mfa.invitee'))).toHaveLength(1);

    const reused = await client.post<Challenge>('/api/users/invite', {
      ...payload,
      email: 'second@example.com',
      session_code: code,
      session_id: sessionId,
    });
    expect(reused.body.errors[0].code).toBe('CONFIRMATION_FAILED');

    // RFC 6238 §5.2: the same code on a new challenge inside its window is refused; the next one passes.
    const again = await client.post<Challenge>('/api/users/invite', { ...payload, email: 'third@example.com' });
    const replayed = await client.post<Challenge>('/api/users/invite', {
      ...payload,
      email: 'third@example.com',
      session_code: code,
      session_id: again.body.meta.session_id,
    });
    expect(replayed.body.errors[0].code).toBe('CONFIRMATION_FAILED');
    const passedNext = await client.post('/api/users/invite', {
      ...payload,
      email: 'third@example.com',
      session_code: await nextTotpCode(),
      session_id: again.body.meta.session_id,
    });
    expect(passedNext.status).toBe(201);
  });

  it('validates the form before challenging', async () => {
    const client = await signedIn(server, mfa.email);
    const reply = await client.post<Challenge>('/api/users/invite', { company_id: 1, email: 'not-an-email' });
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0].source).toBe('email');
  });

  it('sends e-mail codes to the mail log for the e-mail method', async () => {
    await server.app.ctx.db
      .updateTable('users')
      .set({ mfa_type: 'email' })
      .where('email', '=', 'globex.admin@example.com')
      .execute();
    const client = await signedIn(server, 'globex.admin@example.com');
    const payload = { company_id: 5, email: 'mail.mfa@example.com', role: 'end_user' };
    const first = await client.post<Challenge>('/api/users/invite', payload);
    expect(first.body.meta.mfa_method).toBe('email');
    const superAdmin = await signedIn(server, 'super@example.com');
    const mail = rows(await superAdmin.get('/api/system/mail-logs?template=mfa_code&q=globex.admin'))[0];
    const code = /\b(\d{6})\b/.exec(String(mail.body))![1];
    const passed = await client.post('/api/users/invite', {
      ...payload,
      session_code: code,
      session_id: first.body.meta.session_id,
    });
    expect(passed.status).toBe(201);
  });

  it('completes a Teltonika ID challenge end to end (the code arrives through the mail service)', async () => {
    await server.app.ctx.db
      .updateTable('users')
      .set({ mfa_type: 'teltonika_id' })
      .where('email', '=', 'baltics.admin@example.com')
      .execute();
    const client = await signedIn(server, 'baltics.admin@example.com');
    const payload = { company_id: 2, email: 'teltonika.mfa@example.com', role: 'end_user' };
    const first = await client.post<Challenge>('/api/users/invite', payload);
    expect(first.body.meta.mfa_method).toBe('teltonika_id');
    const superAdmin = await signedIn(server, 'super@example.com');
    const mail = rows(await superAdmin.get('/api/system/mail-logs?template=mfa_teltonika_id&q=baltics.admin'))[0];
    const code = /\b(\d{6})\b/.exec(String(mail.body))![1];
    const wrong = await client.post<Challenge>('/api/users/invite', {
      ...payload,
      session_code: code === '000000' ? '111111' : '000000',
      session_id: first.body.meta.session_id,
    });
    expect(wrong.body.errors[0].code).toBe('CONFIRMATION_FAILED');
    const passed = await client.post('/api/users/invite', {
      ...payload,
      session_code: code,
      session_uuid: first.body.meta.session_uuid,
    });
    expect(passed.status).toBe(201);
    await server.app.ctx.db
      .updateTable('users')
      .set({ mfa_type: null })
      .where('email', '=', 'baltics.admin@example.com')
      .execute();
  });

  it('does not challenge users without multi-factor', async () => {
    const client = await signedIn(server, 'admin@example.com');
    const reply = await client.post('/api/users/invite', {
      company_id: 1,
      email: 'plain.invitee@example.com',
      role: 'read_only',
    });
    expect(reply.status).toBe(201);
  });
});

describe('password confirmation (423) on admin tools', () => {
  it('answers 423 until the password is confirmed, then runs the tool', async () => {
    const client = await signedIn(server, 'super@example.com');
    const locked = await client.delete('/api/suppressed-emails/complaint@example.com');
    expect(locked.status).toBe(423);
    expect(locked.body).toMatchObject({
      success: false,
      errors: [{ code: 'PASSWORD_CONFIRMATION_REQUIRED', message: 'Please confirm your password before continuing.' }],
    });

    const wrong = await client.post('/api/password-confirmation', { password: 'not-it' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ errors: [{ source: 'password' }] });
    expect((await client.delete('/api/suppressed-emails/complaint@example.com')).status).toBe(423);

    expect((await client.post('/api/password-confirmation', { password: 'Demo-Password-1' })).status).toBe(200);
    const removed = await client.delete('/api/suppressed-emails/complaint@example.com');
    expect(removed.status).toBe(200);
    expect(rows(await client.get('/api/suppressed-emails')).map((r) => r.email)).not.toContain('complaint@example.com');
  });

  it('expires after 15 minutes', async () => {
    let now = Date.parse('2026-11-22T10:00:00Z');
    const timed = await startServer({ now: () => new Date(now) });
    try {
      const client = await signedIn(timed, 'admin@example.com');
      await client.post('/api/password-confirmation', { password: 'Demo-Password-1' });
      now += 14 * 60_000;
      expect((await client.delete('/api/admin/users/nordics.user@example.com/mfa')).status).toBe(422);
      now += 2 * 60_000;
      // The 15-minute access token has expired too: refresh it as the console would.
      expect((await client.post('/api/account/token/refresh')).status).toBe(200);
      expect((await client.delete('/api/admin/users/nordics.user@example.com/mfa')).status).toBe(423);
    } finally {
      await timed.close();
    }
  });

  it('then asks the MFA user for a code too, and removes MFA', async () => {
    const client = await signedIn(server, mfa.email);
    await client.post('/api/password-confirmation', { password: 'Demo-Password-1' });
    const challenge = await client.delete<Challenge>('/api/admin/users/mfa@example.com/mfa');
    expect(challenge.body.errors[0].code).toBe('MFA_REQUIRED');
    // The first test spent this and the next time step; forget them as a new day would.
    await server.app.ctx.db.updateTable('users').set({ totp_last_step: null }).where('email', '=', mfa.email).execute();
    const code = await generate({ secret: mfa.secret });
    const done = await client.delete(
      `/api/admin/users/mfa@example.com/mfa?session_code=${code}&session_id=${challenge.body.meta.session_id}`,
    );
    expect(done.status).toBe(200);
    expect(((await client.get('/api/user')).body.data as { mfa_type: string | null }).mfa_type).toBeNull();
  });

  it('deletes a user in the tenancy only', async () => {
    const client = await signedIn(server, 'baltics.admin@example.com');
    await client.post('/api/password-confirmation', { password: 'Demo-Password-1' });
    const foreign = await client.delete('/api/admin/users/globex.user@example.com');
    expect(foreign.status).toBe(422);
    expect(foreign.body).toMatchObject({ errors: [{ source: 'email' }] });
    expect((await client.delete('/api/admin/users/enduser@example.com')).status).toBe(200);
    expect(rows(await client.get('/api/users?q=enduser'))).toHaveLength(0);
  });
});
