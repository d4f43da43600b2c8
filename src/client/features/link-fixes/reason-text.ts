import { storedMessageText } from '@client/i18n/stored-message';
import type { LinkFix } from './link-fixes-api';

/** Why a link needs its fix, in the reader's language when the server stored a message id. */
export const reasonText = (fix: Pick<LinkFix, 'reason' | 'reasonId' | 'reasonValues'>) =>
  storedMessageText(fix.reasonId, fix.reasonValues, fix.reason);
