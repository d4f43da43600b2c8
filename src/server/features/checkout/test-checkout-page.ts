import { formatDollarsExact } from '@domain/pricing/money';
import type { CheckoutLineRecord } from '../../db/schema/payments.js';

/** The offline test checkout page: server-rendered, works with or without JavaScript. */
export const testCards = { success: '4242424242424242', declined: '4000000000000002' } as const;

/** The page's one inline script (the Content-Security-Policy allows exactly it, by hash). */
export const payFormScript =
  "document.getElementById('pay-form').addEventListener('submit',function(e){var b=e.target.querySelector('button');b.disabled=true;b.textContent='Processing...';});";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const styles = `
*{box-sizing:border-box}body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f5f7;color:#0f172a}
main{max-width:960px;margin:0 auto;padding:32px 16px;display:grid;gap:24px;grid-template-columns:1fr}
@media(min-width:768px){main{grid-template-columns:1fr 1fr;padding:56px 24px}}
.badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.02em;background:#fef3c7;color:#92400e;border-radius:999px;padding:4px 10px}
h1{font-size:22px;margin:12px 0 4px}h2{font-size:16px;margin:0 0 16px}p{margin:0;color:#475569;font-size:14px;line-height:1.5}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:24px;box-shadow:0 1px 2px rgba(15,23,42,.04)}
table{width:100%;border-collapse:collapse;font-size:14px}td{padding:10px 0;border-bottom:1px solid #f1f5f9;vertical-align:top}
td.amount{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}.muted{color:#64748b;font-size:12px}
tr.total td{border-bottom:0;font-weight:700;font-size:16px;padding-top:14px}
label{display:block;font-size:13px;font-weight:600;margin:14px 0 6px}
input{width:100%;font:inherit;font-size:15px;padding:10px 12px;border:1px solid #cbd5e1;border-radius:8px;background:#fff}
input:focus{outline:2px solid #2563eb;outline-offset:1px;border-color:#2563eb}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{margin-top:20px;width:100%;font:inherit;font-weight:600;font-size:15px;padding:12px;border:0;border-radius:8px;background:#0f172a;color:#fff;cursor:pointer}
button:hover{background:#1e293b}button[disabled]{opacity:.6;cursor:progress}
.alert{margin-top:16px;border-radius:8px;padding:12px 14px;font-size:14px}
.alert.error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca}.alert.done{background:#f0fdf4;color:#166534;border:1px solid #bbf7d0}
.hint{margin-top:16px;font-size:12px;color:#64748b;line-height:1.6}code{background:#f1f5f9;border-radius:4px;padding:1px 5px}
a{color:#2563eb}
button.link{width:auto;margin:0;padding:0;background:none;color:#2563eb;font-weight:400;font-size:12px;text-decoration:underline}button.link:hover{background:none}`;

function orderSummary(lines: CheckoutLineRecord[]): string {
  const recurring = lines.filter((l) => l.isRecurring).reduce((s, l) => s + l.amountCents, 0);
  const oneTime = lines.filter((l) => !l.isRecurring).reduce((s, l) => s + l.amountCents, 0);
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.name)}<div class="muted">${l.isRecurring ? 'Billed monthly' : 'One-time'}</div></td><td class="amount">${formatDollarsExact(l.amountCents)}${l.isRecurring ? '/mo' : ''}</td></tr>`,
    )
    .join('');
  const totalRows = [
    recurring > 0
      ? `<tr class="total"><td>Monthly total</td><td class="amount">${formatDollarsExact(recurring)}/mo</td></tr>`
      : '',
    oneTime > 0 && recurring > 0
      ? `<tr><td>One-time charges</td><td class="amount">${formatDollarsExact(oneTime)}</td></tr>`
      : '',
    `<tr class="total"><td>Due today</td><td class="amount" data-testid="due-today">${formatDollarsExact(recurring + oneTime)}</td></tr>`,
  ].join('');
  return `<table>${rows}${totalRows}</table>`;
}

export interface TestCheckoutView {
  sessionId: string;
  lines: CheckoutLineRecord[];
  status: 'open' | 'completed' | 'expired';
  cancelPath: string;
  error?: string;
  cardNumber?: string;
  email?: string;
}

export function renderTestCheckout(view: TestCheckoutView): string {
  const due = view.lines.reduce((s, l) => s + l.amountCents, 0);
  const action = `/api/checkout/test/${encodeURIComponent(view.sessionId)}`;
  const form =
    view.status === 'open'
      ? `<form method="post" action="${action}" id="pay-form">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(view.email ?? '')}" placeholder="you@example.com">
  <label for="cardNumber">Card number</label>
  <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required value="${escapeHtml(view.cardNumber ?? '')}" placeholder="4242 4242 4242 4242">
  <div class="row"><div><label for="expiry">Expiry</label><input id="expiry" name="expiry" placeholder="MM / YY" autocomplete="cc-exp"></div>
  <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" placeholder="123" autocomplete="cc-csc"></div></div>
  <button type="submit">Pay ${formatDollarsExact(due)}</button>
  ${view.error ? `<div class="alert error" role="alert">${escapeHtml(view.error)}</div>` : ''}
</form>
<p class="hint">Test cards: <code>4242 4242 4242 4242</code> succeeds, <code>4000 0000 0000 0002</code> is declined. Any expiry and CVC.</p>
<form method="post" action="${action}/cancel" class="hint"><button type="submit" class="link">Cancel and go back</button></form>
<script>${payFormScript}</script>`
      : view.status === 'completed'
        ? `<div class="alert done" role="status">This checkout is already paid.</div><p class="hint"><a href="/success?session_id=${encodeURIComponent(view.sessionId)}">View the confirmation</a></p>`
        : `<div class="alert error" role="alert">This checkout was cancelled or has expired. No payment was taken.</div><p class="hint"><a href="${escapeHtml(view.cancelPath)}">Start again</a></p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Test checkout</title><style>${styles}</style></head>
<body><main>
<section><span class="badge">Offline test checkout — no real card is charged</span>
<h1>Complete your order</h1><p>No card provider is configured, so this built-in checkout stands in for it.</p>
<div class="card" style="margin-top:20px"><h2>Order summary</h2>${orderSummary(view.lines)}</div></section>
<section class="card"><h2>Payment details</h2>${form}</section>
</main></body></html>`;
}

export function renderTestCheckoutNotFound(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout not found</title><style>${styles}</style></head>
<body><main><section class="card"><h1>Checkout not found</h1><p>This checkout session does not exist. <a href="/pricing-selector">Back to pricing</a></p></section></main></body></html>`;
}
