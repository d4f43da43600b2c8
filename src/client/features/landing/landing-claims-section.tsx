import { trialDays } from '@domain/auth/trial';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

const claims = [
  { value: msg`10,000+`, label: msg`businesses` },
  { value: msg`${trialDays}-day`, label: msg`free trial` },
  // The figure and its caption read as one phrase ("No credit card required"): context keeps the words apart from buttons.
  { value: msg({ message: 'No', context: 'no credit card required' }), label: msg`credit card required` },
  { value: msg({ message: 'Cancel', context: 'cancel anytime' }), label: msg`anytime` },
];

/** Why businesses choose us: four short claims. */
export function LandingClaimsSection() {
  const { t } = useLingui();
  return (
    <section aria-label={t`Why businesses choose us`} className="border-y bg-card">
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-10 text-center sm:px-6 md:grid-cols-4">
        {claims.map((claim) => (
          <div key={claim.label.id}>
            <dt className="sr-only">{t(claim.label)}</dt>
            <dd>
              <span className="block text-3xl font-bold text-primary">{t(claim.value)}</span>
              <span className="text-sm text-muted-foreground">{t(claim.label)}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
