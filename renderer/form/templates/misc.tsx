import type { DescriptionFieldProps, FieldErrorProps, FieldHelpProps, TitleFieldProps } from '@rjsf/utils';

// Title, description, help and error pieces are rendered by FieldTemplate and
// the form shell; these empty templates keep @rjsf from rendering them twice.
export const TitleFieldTemplate = (_props: TitleFieldProps) => null;
export const DescriptionFieldTemplate = (_props: DescriptionFieldProps) => null;
export const FieldErrorTemplate = (_props: FieldErrorProps) => null;
export const FieldHelpTemplate = (_props: FieldHelpProps) => null;
export const ErrorListTemplate = () => null;
