export { Checkbox, type CheckboxProps } from './Checkbox';
export { Select, type SelectOption, type SelectProps } from './Select';
export { TextArea, type TextAreaProps } from './TextArea';
export { TextField, type TextFieldProps } from './TextField';
export { useForm, type FieldBinding, type Form } from './useForm';
