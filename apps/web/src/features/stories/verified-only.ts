export { VERIFIED_ONLY_TEXT } from '../../lib/posts/verified-only';
