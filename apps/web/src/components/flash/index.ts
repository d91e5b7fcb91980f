// The flash-message API for features: raise with `flash.error(text)` / `flashError(error)`, render once in the shell.
export {
  FLASH_TYPES,
  closeFlash,
  closeFlashes,
  flash,
  flashError,
  getFlashMessages,
  showFlash,
  useFlashMessages,
  type FlashMessage,
  type FlashType,
} from './flash-store';
export { FlashMessages } from './flash-messages';
