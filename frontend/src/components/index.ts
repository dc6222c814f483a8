/** The UI kit: import components from here; the styles are in `components.css`. */
export { Button, type ButtonColor, type ButtonProps, type ButtonSize, type ButtonType, type ButtonVariant } from './Button';
export { CircularProgress, type CircularProgressProps } from './CircularProgress';
export { Hint, HINT_OUTSIDE_CLICK_DELAY_MS, type HintPlacement, type HintProps } from './Hint';
export { Marquee, type MarqueeProps } from './Marquee';
export { Modal, type ModalProps } from './Modal';
export { MODAL_OPEN_CLASS, registerOpenModal, type OpenModalLayer } from './modalStack';
export { Spinner, type SpinnerProps } from './Spinner';
export {
  Checkbox,
  type CheckboxProps,
  type FieldBinding,
  type Form,
  Select,
  type SelectOption,
  type SelectProps,
  TextField,
  type TextFieldProps,
  useForm,
} from './form';
