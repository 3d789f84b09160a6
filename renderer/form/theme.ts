import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { FormFields } from './fields/FormFields';
import { BaseAlert } from '../widgets/BaseAlert';
import { CheckboxWidget } from '../widgets/CheckboxWidget';
import { ColorWidget } from '../widgets/ColorWidget';
import { FileWidget } from '../widgets/FileWidget';
import { HiddenWidget } from '../widgets/HiddenWidget';
import { ItemSelect } from '../widgets/ItemSelect';
import { ListInput } from '../widgets/ListInput';
import { NumberWidget } from '../widgets/NumberWidget';
import { PasswordWidget } from '../widgets/PasswordWidget';
import { RadioWidget } from '../widgets/RadioWidget';
import { SelectWidget } from '../widgets/SelectWidget';
import { TableInput } from '../widgets/TableInput';
import { TextareaWidget } from '../widgets/TextareaWidget';
import { TextWidget } from '../widgets/TextWidget';
import { MaskedWidget } from '../widgets/MaskedWidget';
import { FieldTemplate } from './templates/FieldTemplate';
import {
  DescriptionFieldTemplate,
  ErrorListTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  TitleFieldTemplate,
} from './templates/misc';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate';

/** Widgets by the `ui:widget` names of the compiled uiSchema (contract 6). */
export const widgets: RegistryWidgetsType = {
  text: TextWidget,
  password: PasswordWidget,
  textarea: TextareaWidget,
  number: NumberWidget,
  checkbox: CheckboxWidget,
  radio: RadioWidget,
  select: SelectWidget,
  color: ColorWidget,
  file: FileWidget,
  masked: MaskedWidget,
  ItemSelect,
  BaseAlert,
  ListInput,
  TableInput,
  hidden: HiddenWidget,
};

/** The root object field: flat compiled documents render without @rjsf's schema re-resolution. */
export const fields: RegistryFieldsType = { ObjectField: FormFields };

export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  TitleFieldTemplate,
  DescriptionFieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  ErrorListTemplate,
};
