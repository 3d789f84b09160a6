// Validation messages of the engine (the server speaks them too). The spec gives only
// the file and list messages verbatim (engine/fields/); the rest follow the vendor
// API's wording style ("The name field is required.").

const name = (label: string | undefined, key: string) => (label ?? key.replace(/_/g, ' ')).toLowerCase();

export const messages = {
  required: (label: string | undefined, key: string) => `The ${name(label, key)} field is required.`,
  minLength: (label: string | undefined, key: string, n: number) =>
    `The ${name(label, key)} must be at least ${n} characters.`,
  maxLength: (label: string | undefined, key: string, n: number) =>
    `The ${name(label, key)} may not be greater than ${n} characters.`,
  min: (label: string | undefined, key: string, n: number) => `The ${name(label, key)} must be at least ${n}.`,
  max: (label: string | undefined, key: string, n: number) => `The ${name(label, key)} may not be greater than ${n}.`,
  step: (label: string | undefined, key: string, n: number) => `The ${name(label, key)} must be a multiple of ${n}.`,
  number: (label: string | undefined, key: string) => `The ${name(label, key)} must be a number.`,
  email: (label: string | undefined, key: string) => `The ${name(label, key)} must be a valid email address.`,
  format: (label: string | undefined, key: string) => `The ${name(label, key)} format is invalid.`,
  invalid: (label: string | undefined, key: string) => `The selected ${name(label, key)} is invalid.`,
  maxItems: (label: string | undefined, key: string, n: number) =>
    `The ${name(label, key)} may not have more than ${n} items.`,
  distinct: (label: string | undefined, key: string) => `The ${name(label, key)} field has a duplicate value.`,
  ipv4: (label: string | undefined, key: string) => `The ${name(label, key)} must be a valid IPv4 address.`,
  domain: (label: string | undefined, key: string) => `The ${name(label, key)} must be a valid domain name.`,
  digits: (label: string | undefined, key: string) => `The ${name(label, key)} must contain digits only.`,
} as const;
