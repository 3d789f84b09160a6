import { useCallback, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { t } from '../../engine/i18n/i18n';
import { permits } from '../../engine/permissions/document';
import { formPermissions } from '../../renderer/form/permissions';
import { FormRunner } from '../../renderer/form/FormRunner';
import { useFormDocument } from '../../renderer/form/useFormDocument';
import type { OpenFormOptions } from '../../engine/stores/modals';
import { useSessionUser } from '../app/access';
import { FirstPermitted } from '../app/Guarded';
import { setupForms } from './setup';
import '../../renderer/modals/modals.css';

setupForms();

/** The generic form screen /forms/:name/:id? (any registered document); back one step after success. */
export function FormRoute() {
  const { name = '', id } = useParams();
  const navigate = useNavigate();
  const doc = useFormDocument(name);
  const user = useSessionUser();
  // Back one step inside the app; a form opened as the first page goes to the start page instead of leaving.
  const back = useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/', { replace: true });
  }, [navigate]);
  const options = useMemo<OpenFormOptions>(() => ({ id }), [id]);

  if (doc === undefined) return <p className="modal__loading">{t('Loading…')}</p>;
  if (doc === null)
    return (
      <section className="form-route">
        <h1>{t('Form not found')}</h1>
        <p role="alert">{t('There is no form named “{name}”.', { name })}</p>
      </section>
    );
  // A form the user may not submit is a route they lack permission for (shell spec §6).
  if (!permits(formPermissions(user), doc.permission)) return <FirstPermitted />;
  return (
    <section className="form-route" aria-labelledby="form-route-title">
      <h1 id="form-route-title">{doc.title}</h1>
      {doc.subtitle && <p className="form-route__subtitle">{doc.subtitle}</p>}
      <div className="form-route__body">
        <FormRunner
          key={`${name}/${id ?? ''}`}
          name={name}
          doc={doc}
          options={options}
          onFormRoute
          navigateBack={back}
          onClose={() => undefined}
          onCancel={back}
        />
      </div>
    </section>
  );
}
