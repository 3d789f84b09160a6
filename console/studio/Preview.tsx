import { useEffect, useMemo, useState } from 'react';
import { mapServerErrors } from '../../engine/errors/map-server-errors';
import { LANGUAGES, LANGUAGE_NAMES, t, type Language } from '../../engine/i18n/i18n';
import { documentPermissions, permits } from '../../engine/permissions/document';
import { documentTranslator, translateFormDocument } from '../../engine/schema/translate-form';
import type { FormDocument } from '../../engine/schema/types';
import { FormRunner } from '../../renderer/form/FormRunner';
import { loadCatalogue } from '../i18n';
import { dryRun, listRoles, rolePermissions, type RoleRow } from './api';
import { useLoaded } from './useLoaded';

// The live preview of a draft form: the same renderer operators get, as a chosen
// role's permission set (fields the role lacks disappear) and in a chosen language,
// with real lookups. "Try submit" (and the form's own submit) sends its values to the
// server's dry run, which validates them against the draft as the real submit would
// and writes nothing.

interface Outcome {
  ok: boolean;
  fields: [label: string, messages: string[]][];
  general: string[];
}

export function Preview({ name, doc }: { name: string; doc: FormDocument }) {
  const [roles, setRoles] = useState<RoleRow[]>([]);
  const [roleId, setRoleId] = useState<number>();
  const [language, setLanguage] = useState<Language>('en');
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [outcome, setOutcome] = useState<Outcome>();
  const granted = useLoaded(roleId, rolePermissions);
  const role = roles.find((r) => r.id === roleId);
  // The role's document permission set, as a user of that role has it (super_admin by role, move_devices).
  const permissions = useMemo(
    () => granted && documentPermissions({ permissions: granted, role: { name: role?.name } }),
    [granted, role?.name],
  );
  const catalogue = useLoaded(language, loadCatalogue);

  useEffect(() => {
    void listRoles().then((list) => {
      const own = list.filter((r, i) => list.findIndex((x) => x.name === r.name) === i);
      setRoles(own);
      setRoleId((current) => current ?? own.find((r) => r.name === 'super_admin')?.id ?? own[0]?.id);
    });
  }, []);

  // The renderer's own texts (Select, Cancel, Submit) in the chosen language too.
  const translate = useMemo(() => catalogue && ((text: string) => catalogue[text] || text), [catalogue]);
  const shown = useMemo(() => {
    if (!permissions || !catalogue) return undefined;
    const permitted = { ...doc, fields: doc.fields.filter((f) => permits(permissions, f.permission)) };
    return translateFormDocument(
      permitted,
      documentTranslator(doc, language, (text) => catalogue[text] || text),
    );
  }, [doc, permissions, catalogue, language]);

  async function trySubmit() {
    if (!permissions) return;
    const answer = await dryRun(name, doc, values, permissions);
    if (answer.ok) return setOutcome({ ok: true, fields: [], general: [answer.message] });
    const keys = doc.fields.map((f) => f.key);
    const mapped = mapServerErrors(answer.errors, keys);
    const label = (key: string) => shown?.fields.find((f) => f.key === key)?.label ?? key;
    setOutcome({
      ok: false,
      fields: Object.entries(mapped.fields).map(([key, messages]) => [label(key), messages]),
      general: mapped.general,
    });
  }

  const allowed = permissions ? permits(permissions, doc.permission) : true;
  return (
    <section className="studio-preview" aria-label={t('Preview')}>
      <div className="studio-preview__controls">
        <label>
          {t('Preview as')}
          <select value={roleId ?? ''} onChange={(e) => setRoleId(Number(e.target.value))}>
            {roles.map((r) => (
              <option key={r.id} value={r.id}>
                {r.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('Language')}
          <select value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="fc-btn" onClick={() => void trySubmit()} disabled={!permissions}>
          {t('Try submit')}
        </button>
      </div>
      {!allowed && (
        <p role="note" className="studio-warning">
          {t('{role} may not open this form: it lacks {permissions}.', {
            role: role?.title ?? t('This role'),
            permissions: [doc.permission].flat().join(', '),
          })}
        </p>
      )}
      {outcome && (
        <div className={outcome.ok ? 'studio-outcome studio-outcome--ok' : 'studio-outcome'} role="status">
          <strong>
            {outcome.ok ? t('The server accepts this submission') : t('The server refuses this submission')}
          </strong>
          <ul>
            {outcome.fields.map(([label, messages]) => (
              <li key={label}>
                {label}: {messages.join(' ')}
              </li>
            ))}
            {outcome.general.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      {shown ? (
        // The preview never sends to the form's endpoint: its submit (button or Enter) is the dry run.
        <div
          lang={language === 'no' ? 'nb' : language}
          className="studio-preview__form"
          onSubmitCapture={(event) => {
            event.preventDefault();
            event.stopPropagation();
            void trySubmit();
          }}
        >
          <h2>{shown.title}</h2>
          <FormRunner
            key={`${roleId}/${language}`}
            name={name}
            doc={shown}
            translate={translate}
            onClose={() => undefined}
            onCancel={() => setValues({})}
            onValuesChange={(next) => {
              setValues(next);
              setOutcome(undefined);
            }}
          />
        </div>
      ) : (
        <p aria-busy="true">{t('Loading…')}</p>
      )}
    </section>
  );
}
