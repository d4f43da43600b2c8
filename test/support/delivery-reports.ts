/** Delivery reports as mail systems send them: fixtures of the marketing tests. */

/** A DSN (RFC 3464) about one recipient, quoting the headers of our message `original` (its token). */
export function dsn(recipient: string, action: string, status: string, original: string) {
  return [
    'From: Mail Delivery System <mailer-daemon@mx.example>',
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status;',
    '\tboundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain',
    '',
    'Your message could not be delivered.',
    '--b1',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
    '',
    '--b1',
    'Content-Type: text/rfc822-headers',
    '',
    `Message-ID: <${original}@businesshub.marketing>`,
    `To: ${recipient}`,
    '--b1--',
    '',
  ].join('\r\n');
}

/** An ARF complaint (RFC 5965) quoting our message `original`. */
export function arf(recipient: string, original: string) {
  return [
    'From: feedback@isp.example',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="f1"',
    '',
    '--f1',
    'Content-Type: text/plain',
    '',
    'This is an abuse report.',
    '--f1',
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: isp-fbl/1.0',
    'Version: 1',
    '',
    '--f1',
    'Content-Type: message/rfc822',
    '',
    `Message-ID: <${original}@businesshub.marketing>`,
    `To: "Someone" <${recipient}>`,
    'Subject: News',
    '',
    'Hello',
    '--f1--',
    '',
  ].join('\r\n');
}
