import { t } from '../i18n/i18n';

// Validation messages of the engine (the server speaks them too, in English: it
// loads no catalogue). The spec gives only the file and list messages verbatim
// (engine/fields/); the rest follow the vendor API's wording style ("The name
// field is required."). The English templates are the catalogue keys; a counted
// one carries its English plural forms (one|other), so the server says "at
// least 1 character" without a catalogue.

export const MESSAGE_TEMPLATES = {
  required: 'The {name} field is required.',
  minLength: 'The {name} must be at least {count} character.|The {name} must be at least {count} characters.',
  maxLength:
    'The {name} may not be greater than {count} character.|The {name} may not be greater than {count} characters.',
  min: 'The {name} must be at least {count}.',
  max: 'The {name} may not be greater than {count}.',
  step: 'The {name} must be a multiple of {count}.',
  number: 'The {name} must be a number.',
  email: 'The {name} must be a valid email address.',
  format: 'The {name} format is invalid.',
  invalid: 'The selected {name} is invalid.',
  maxItems: 'The {name} may not have more than {count} item.|The {name} may not have more than {count} items.',
  distinct: 'The {name} field has a duplicate value.',
  ipv4: 'The {name} must be a valid IPv4 address.',
  domain: 'The {name} must be a valid domain name.',
  digits: 'The {name} must contain digits only.',
} as const;

type Template = keyof typeof MESSAGE_TEMPLATES;

const name = (label: string | undefined, key: string) => (label ?? key.replace(/_/g, ' ')).toLowerCase();

const plain =
  (template: Template) =>
  (label: string | undefined, key: string): string =>
    t(MESSAGE_TEMPLATES[template], { name: name(label, key) });

const counted =
  (template: Template) =>
  (label: string | undefined, key: string, count: number): string =>
    t(MESSAGE_TEMPLATES[template], { name: name(label, key), count });

export const messages = {
  required: plain('required'),
  minLength: counted('minLength'),
  maxLength: counted('maxLength'),
  min: counted('min'),
  max: counted('max'),
  step: counted('step'),
  number: plain('number'),
  email: plain('email'),
  format: plain('format'),
  invalid: plain('invalid'),
  maxItems: counted('maxItems'),
  distinct: plain('distinct'),
  ipv4: plain('ipv4'),
  domain: plain('domain'),
  digits: plain('digits'),
} as const;
