export { ActivationPage as default } from '../../accounts/ActivationPage';
