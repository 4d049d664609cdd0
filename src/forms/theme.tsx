// The RJSF theme on rsuite (there is no published one): widgets, templates and the console's custom fields.
import { withTheme } from '@rjsf/core';
import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { DrawnShapesField } from './fields/DrawnShapesField.tsx';
import { HiddenField, TimeWindowsField } from './fields/TimeWindowsField.tsx';
import {
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  ArrayFieldTitleTemplate,
  ButtonTemplates,
  ErrorListTemplate,
  ObjectFieldTemplate,
} from './templates/containerTemplates.tsx';
import { DescriptionFieldTemplate, FieldErrorTemplate, FieldHelpTemplate, FieldTemplate, TitleFieldTemplate } from './templates/fieldTemplates.tsx';
import { CheckboxesWidget, CheckboxWidget, MultiSelectWidget, RadioWidget, SelectWidget, ToggleWidget, WeeksWidget } from './widgets/choices.tsx';
import { FilePickWidget } from './widgets/fileWidgets.tsx';
import { BaseInputTemplate, RangeWidget, TextareaWidget, TimeWidget, UpDownWidget } from './widgets/inputs.tsx';

export const widgets: RegistryWidgetsType = {
  SelectWidget,
  RadioWidget,
  CheckboxWidget,
  CheckboxesWidget,
  TextareaWidget,
  UpDownWidget,
  RangeWidget,
  select: SelectWidget,
  radio: RadioWidget,
  checkbox: CheckboxWidget,
  checkboxes: CheckboxesWidget,
  textarea: TextareaWidget,
  updown: UpDownWidget,
  range: RangeWidget,
  time: TimeWidget,
  toggle: ToggleWidget,
  weeks: WeeksWidget,
  multiselect: MultiSelectWidget,
  filePick: FilePickWidget,
};

export const templates: Partial<TemplatesType> = {
  BaseInputTemplate,
  FieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  TitleFieldTemplate,
  DescriptionFieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ArrayFieldTitleTemplate,
  ErrorListTemplate,
  ButtonTemplates,
};

export const fields: RegistryFieldsType = {
  drawnShapes: DrawnShapesField as RegistryFieldsType[string],
  timeWindows: TimeWindowsField as RegistryFieldsType[string],
  hidden: HiddenField,
};

export const ThemedForm = withTheme({ widgets, templates, fields });
