import { formatNumber } from '@client/i18n/format';
import { formatPhone } from '@domain/contacts/phone';
import type { DuplicateReason } from '@domain/duplicates/duplicate-schemas';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

const percent = (value: number) => formatNumber(value, { style: 'percent', maximumFractionDigits: 0 });

/** Why a pair is suggested, in the reader's language ("Same phone +1 512…", "Name 92% similar, …"). */
export function reasonText(i18n: I18n, reason: DuplicateReason): string {
  switch (reason.kind) {
    case 'email': {
      const email = reason.value;
      return i18n._(msg`Same email address ${email}`);
    }
    case 'phone': {
      const phone = formatPhone(reason.value);
      return i18n._(msg`Same phone ${phone}`);
    }
    case 'nameDomain': {
      const similarity = percent(reason.similarity);
      const domain = reason.domain;
      return i18n._(msg`Name ${similarity} similar, same company domain ${domain}`);
    }
    case 'nameCompany': {
      const similarity = percent(reason.similarity);
      const company = percent(reason.companySimilarity);
      return i18n._(msg`Name ${similarity} similar, company ${company} similar`);
    }
  }
}
