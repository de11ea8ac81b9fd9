/** URL safety checks live with the machines that decide navigation; the app re-exports them. */
export { safeExternalUrl } from '../../machines/shared/url';
