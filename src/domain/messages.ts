/**
 * The server's user-facing messages, by stable id (ADR 0007). The server formats the English text into
 * an error's `message` and sends `messageId` + `values` beside it; the client translates the same English
 * text through its catalogs (the `i18n` comments put each one there), so a user reads it in their language.
 *
 * Text is ICU MessageFormat limited to what `formatServerMessage` reads: `{name}` placeholders,
 * `{count, plural, one {…} other {…}}` (with `#`) and `{value, select, a {…} other {…}}`, with no nested
 * braces inside a branch.
 * Add a message: add a line here, run `npx lingui extract`, translate it in every `src/client/locales/*.po`.
 */
export const serverMessages = {
  'auth.invalidCredentials': /*i18n*/ 'Invalid email or password.',
  'auth.noWorkspace': /*i18n*/ 'This account does not belong to any workspace any more.',
  'auth.notSignedIn': /*i18n*/ 'You are not signed in.',
  'auth.sessionEnded': /*i18n*/ 'Your session has ended. Please sign in again.',
  'auth.roleRequired':
    /*i18n*/ 'This needs the {role, select, owner {owner} admin {admin} member {member} other {viewer}} role or higher; you are {current, select, owner {an owner} admin {an admin} member {a member} other {a viewer}}.',
  'auth.viewerReadOnly': /*i18n*/ 'Viewers have read-only access to this workspace.',
  'auth.apiKeyReadOnly': /*i18n*/ 'This API key has read-only access to this workspace.',
  'auth.sessionOnly': /*i18n*/ 'This concerns a signed-in session; an API key cannot do it.',
  'auth.crossSite': /*i18n*/ 'Cross-site request refused.',
  'payments.notConfigured': /*i18n*/ 'Payments are not configured on this server.',
  'auth.workspaceNotFound': /*i18n*/ 'Workspace not found',
  'demo.missing': /*i18n*/ 'The demo workspace is not set up on this server.',
  'auth.tooManySignIns':
    /*i18n*/ 'Too many sign-in attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'auth.tooManySignUps':
    /*i18n*/ 'Too many sign-up attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'auth.tooManyPasswordTries':
    /*i18n*/ 'Too many password attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'auth.tooManyResetRequests':
    /*i18n*/ 'Too many password reset attempts. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'auth.noPasswordYet':
    /*i18n*/ 'This account signs in with single sign-on and has no password yet. Use "Forgot password?" on the sign-in page to set one.',
  'auth.currentPasswordWrong': /*i18n*/ 'Your current password is not correct.',
  'auth.resetLinkInvalid': /*i18n*/ 'This reset link is not valid any more. Ask for a new one.',
  'auth.signUpLinkInvalid':
    /*i18n*/ 'This sign-up link is not valid any more: it was already used or is older than 24 hours. Sign up again to get a new one.',
  'auth.signUpAlreadyConfirmed': /*i18n*/ 'This email address already has an account. Sign in instead.',
  'auth.signUpNotConfigured': /*i18n*/ 'Sign-up is not set up on this server (PUBLIC_URL is missing).',
  'auth.resetNotConfigured': /*i18n*/ 'Password reset is not set up on this server (PUBLIC_URL is missing).',
  'auth.profileImageType': /*i18n*/ 'The profile image must be a PNG, JPEG, WebP or GIF image.',
  'auth.profileImageTooLarge': /*i18n*/ 'The profile image is larger than 2 MB.',
  'auth.profileImageMissing': /*i18n*/ 'Choose an image file to upload.',
  'auth.profileImageNotYours': /*i18n*/ 'Only an image you uploaded can be your profile image.',
  'auth.profileImageNotFound': /*i18n*/ 'Profile image not found',
  'auth.ssoNotConfigured': /*i18n*/ 'Single sign-on is not configured.',
  'auth.ssoUnreachable': /*i18n*/ 'The single sign-on provider cannot be reached.',
  'auth.ssoFailed': /*i18n*/ 'Single sign-on failed. Please try again.',
  'auth.ssoNeedsPasswordFirst':
    /*i18n*/ 'An account with this email exists. Sign in with your password first.',
  'auth.ssoNoEmail': /*i18n*/ 'The sign-on provider did not share an email address.',
  'websites.domainTaken': /*i18n*/ '{domain} is already one of your websites',
  'websites.notFound': /*i18n*/ 'Website not found',
  'payments.adminsOnly': /*i18n*/ 'Only workspace owners and admins can buy a plan for this workspace.',
  'payments.priceOutdated': /*i18n*/ 'The price shown is out of date or was changed. Please recalculate.',
  'payments.priceNotOnSale': /*i18n*/ 'is not the price of a product on sale',
  'payments.priceNotCurrent': /*i18n*/ 'does not match the current monthly price of {product}',
  'payments.signInToSubscribe': /*i18n*/ 'Sign in to subscribe your workspace.',
  'payments.websiteNotOwned': /*i18n*/ 'is not a website of this workspace',
  'payments.productNotFound': /*i18n*/ 'Product not found',
  'payments.productsUnavailable': /*i18n*/ 'Failed to fetch products',
  'billing.subscriptionNotFound': /*i18n*/ 'Subscription not found',
  'billing.trialNotPaid':
    /*i18n*/ 'A trial has nothing paid to change or cancel: subscribe to the plan you want instead.',
  'billing.subscriptionEnded': /*i18n*/ 'This subscription has ended.',
  'billing.onlyPlatformPlan':
    /*i18n*/ 'Only the platform plan changes here. Cancel a membership or listing at the end of its period and buy the one you want.',
  'billing.samePlan': /*i18n*/ 'is already your plan',
  'billing.tooManyMembers':
    /*i18n*/ '{plan, select, starter {Starter} professional {Professional} other {Enterprise}} allows {users, plural, one {# user} other {# users}}, and this workspace has {members, plural, one {# member} other {# members}}. Remove members before moving to this plan.',
  'billing.providerNotConfigured':
    /*i18n*/ 'This subscription is billed through {provider, select, stripe {Stripe} other {the offline test checkout}}, which this server does not use now.',
  'billing.providerFailed':
    /*i18n*/ 'The payment provider could not make this change, so nothing was changed. Please try again later.',
  'phoneSync.tokenNotFound': /*i18n*/ 'Sync token not found',
  'phoneSync.tokenInvalid': /*i18n*/ 'The sync token is not valid or has been revoked.',
  'phoneSync.testTokenTestsOnly':
    /*i18n*/ 'This is a test token: it only sends test syncs. Create a token for the phone under Settings → Sync tokens.',
  'phoneSync.testSyncSamplesOnly': /*i18n*/ 'A test sync sends only the sample items.',
  // Why a phone sync's processing failed, stored with the sync (migration 0203).
  'phoneSync.processingFailed': /*i18n*/ 'Processing this sync failed because of an error on our side.',
  'members.inviteNotFound': /*i18n*/ 'Invite not found',
  'members.memberNotFound': /*i18n*/ 'Member not found',
  'members.ownerGrantsOwner': /*i18n*/ 'Only an owner can grant or change the owner role.',
  'members.lastOwnerDemoted': /*i18n*/ 'The last owner cannot be demoted. Make someone else an owner first.',
  'members.ownerRemovesOwner': /*i18n*/ 'Only an owner can remove an owner.',
  'members.lastOwnerRemoved': /*i18n*/ 'The last owner cannot be removed.',
  'members.inviteInvalid': /*i18n*/ 'This invite link is not valid.',
  'members.inviteUsed': /*i18n*/ 'This invite link has already been used.',
  'members.inviteExpired': /*i18n*/ 'This invite link has expired.',
  'members.inviteNotConfigured':
    /*i18n*/ 'Invitations are not set up on this server (PUBLIC_URL is missing).',
  'members.inviteForOtherEmail':
    /*i18n*/ 'This invite was sent to {email}. Sign in with that address to accept it.',
  'apiKeys.planWithoutApi':
    /*i18n*/ 'API access is part of the {plans} plans; this workspace is on the {plan} plan.',
  'apiKeys.signInToManage': /*i18n*/ 'API keys are managed by signing in; an API key cannot manage keys.',
  'apiKeys.rateLimited':
    /*i18n*/ 'Too many requests with this API key: at most {max} a minute. Try again in {seconds} seconds.',
  'apiKeys.moreRightsThanYou': /*i18n*/ 'A key cannot have more rights than you: you are a {role}.',
  'apiKeys.notFound': /*i18n*/ 'API key not found',
  'apiKeys.invalid': /*i18n*/ 'This API key is not valid: it may have been revoked or have expired.',
  'paging.cursorExpired': /*i18n*/ 'This page link is no longer valid; start from the first page',
  'contacts.notFound': /*i18n*/ 'Contact not found',
  'contacts.planLimitReached':
    /*i18n*/ 'Your {plan} plan allows up to {limit} contacts and you have {total}. Upgrade your plan to add more.',
  'contacts.planLimitExceeded':
    /*i18n*/ 'Your {plan} plan allows up to {limit} contacts and you have {total}, so {adding} more would not fit (room for {room}). Upgrade your plan to add more.',
  'contacts.planLimitAtCommit':
    /*i18n*/ 'Your plan’s contact limit was reached while this was being saved, so nothing was added. Upgrade your plan to add more.',
  'contacts.invalidEmail': /*i18n*/ 'Enter a valid email address',
  'contacts.invalidPhone': /*i18n*/ 'Enter a valid phone number',
  'contacts.savedElsewhere':
    /*i18n*/ 'This contact is being saved by someone else right now. Please try again.',
  'contacts.unknownSource': /*i18n*/ 'Source must be one of your websites or {unknown}',
  'contacts.duplicateEmail':
    /*i18n*/ '{name} already has this email address. Open that contact, or save with merge to add these details to it.',
  'contacts.duplicatePhone':
    /*i18n*/ '{name} already has this phone number. Open that contact, or save with merge to add these details to it.',
  'imports.tooManyRows':
    /*i18n*/ 'The file has more than {max} rows, the most one import takes. Split it into smaller files.',
  'imports.tooLarge':
    /*i18n*/ 'The file is larger than {size}, the most one import takes. Split it into smaller files.',
  'imports.notCsv': /*i18n*/ 'Please select a CSV file.',
  'imports.binaryFile': /*i18n*/ 'Please select a CSV file. This file contains binary data.',
  'imports.emptyFile': /*i18n*/ 'The file is empty.',
  'imports.noDataRows': /*i18n*/ 'The file has a header row but no data rows.',
  'imports.noIdentityColumn':
    /*i18n*/ 'No email or phone column found (columns in the file: {found}). Contacts are matched by email or phone, so the file needs a column named like "Email" or "Phone".',
  'imports.unreadableHeader': /*i18n*/ 'The header row cannot be read: {reason}.',
  'imports.badMultipart':
    /*i18n*/ 'The upload is not a valid multipart/form-data body. Choose the file again.',
  'imports.notMultipart': /*i18n*/ 'Send the file as multipart/form-data.',
  'imports.noFile': /*i18n*/ 'Choose a CSV file to upload.',
  'imports.jobNotFound': /*i18n*/ 'Import job not found',
  // Why an import job failed, stored with the job when the failure is not the file's (import_jobs.error_message_ref).
  'imports.stoppedOnOurSide':
    /*i18n*/ 'The import stopped because of an error on our side. Rows imported so far are kept; please try the rest again.',
  'deals.notFound': /*i18n*/ 'Deal not found',
  'deals.ownerNotMember': /*i18n*/ 'The owner must be a member of this workspace',
  'deals.websiteNotOwn': /*i18n*/ 'The website must be one of your websites',
  'deals.companyNotFound': /*i18n*/ 'Company not found',
  'deals.lostReasonNotLost': /*i18n*/ 'Only a lost deal has a lost reason',
  'email.hostUnresolved': /*i18n*/ 'This mail server name does not resolve',
  'email.hostPrivate': /*i18n*/ 'Use your provider’s public mail server, not a private address',
  'email.notAnAddress': /*i18n*/ 'is not an email address',
  // Why a mailbox sync or an email's processing failed, stored with the account or the job (migration 0202).
  // A mail server's own reply or error code is kept as a value: it is the provider's word, never ours.
  'email.loginFailed': /*i18n*/ 'Login failed: {reason}',
  'email.loginRefused': /*i18n*/ 'the mailbox refused the email address or app password',
  'email.serverUnreachable': /*i18n*/ 'Cannot reach the mail server ({code})',
  'email.syncFailedReply': /*i18n*/ 'Mailbox sync failed: {reply}',
  'email.syncFailed': /*i18n*/ 'Mailbox sync failed',
  'email.processingFailed': /*i18n*/ 'Processing this email failed because of an error on our side.',
  'analytics.funnelNeedsSite': /*i18n*/ 'Choose a website for the funnel',
  'siteHealth.reasonRedirectChain':
    /*i18n*/ 'Redirects through {hops, plural, one {# hop} other {# hops}}; link straight to the final page.',
  'siteHealth.reasonRedirectLoop': /*i18n*/ 'Redirect loop: {chain}',
  'siteHealth.reasonHttps': /*i18n*/ 'Linked over http; the page is served over https.',
  'siteHealth.reasonCase': /*i18n*/ 'Answers {problem}; the live page differs only in letter case.',
  'siteHealth.reasonTrailingSlash':
    /*i18n*/ 'Answers {problem}; the live page differs only by a trailing slash.',
  'siteHealth.reasonClosest':
    /*i18n*/ 'Answers {problem}; closest live page by path and title ({similarity}% similar).',
  'siteHealth.searchConsoleKeyNotRsa':
    /*i18n*/ 'The private_key of a Google service account is an RSA private key in PEM form.',
  'siteHealth.reasonNoFix': /*i18n*/ 'Answers {problem}; no fix found.',
  'siteHealth.findingTaskTitle': /*i18n*/ 'Fix the link to {url}',
  'siteHealth.findingLinkedFrom': /*i18n*/ 'Linked from: {pages}',
  'siteHealth.findingTraffic':
    /*i18n*/ 'Those pages in the last 30 days: {views} page views, {conversions} form conversions.',
  'siteHealth.findingEmails': /*i18n*/ 'Emails linking to it: {names}',
  'siteHealth.findingFix': /*i18n*/ 'Proposed fix (redirect for the web server):',
  'siteHealth.findingEditLinks': /*i18n*/ 'No redirect fixes it: change the link on the pages above.',
  'siteHealth.problem':
    /*i18n*/ '{kind, select, invalid_url {invalid url} unresolved {unresolved} blocked_address {blocked address} unreachable {unreachable} timeout {timeout} too_large {too large} too_many_redirects {too many redirects} redirect_loop {redirect loop} http_error {http error} other {error}}',
  'siteHealth.reasonExternal':
    /*i18n*/ 'External link answers {problem}; update or remove it on the linking pages.',
  'siteHealth.instructionDownload': /*i18n*/ 'Download the {file} snippet for {domain}.',
  'siteHealth.instructionNginx':
    /*i18n*/ 'Include it inside the server block of {domain}, then check and reload nginx (nginx -t, nginx -s reload).',
  'siteHealth.instructionApache':
    /*i18n*/ 'Add it to the .htaccess file at the document root of {domain} (mod_alias and mod_rewrite enabled).',
  'siteHealth.instructionNetlify':
    /*i18n*/ 'Add the lines to the _redirects file in the publish directory of {domain} and deploy again.',
  'siteHealth.instructionVercel':
    /*i18n*/ 'Merge the redirects into the vercel.json of {domain} and deploy again.',
  'siteHealth.instructionCloudflare':
    /*i18n*/ 'Import the CSV as a Bulk Redirect List for {domain} and enable a Bulk Redirect Rule that uses it.',
  'siteHealth.instructionExpress':
    /*i18n*/ 'Register the middleware before the routes of the {domain} server and restart it.',
  'siteHealth.instructionDeploy':
    /*i18n*/ 'Press Deploy once it is live: the fixed URLs are crawled again to confirm each fix.',
  'siteHealth.instructionEditLinks':
    /*i18n*/ 'Edit the pages that link to broken external URLs: a redirect on your own site cannot fix those.',
  'siteHealth.noFixes': /*i18n*/ 'There are no link fixes to deploy for {domain}.',
  'siteHealth.unknownDomain': /*i18n*/ '{domain} is not one of your websites.',
  // A failed crawl's reason as stored beside its English text: an unexpected error's own words stay in the log.
  'siteHealth.crawlFailed': /*i18n*/ 'The crawl stopped because of an error on our side.',
  // Why a website's Search Console sync failed, stored with the site (src/server/features/seo/search-console.ts).
  'siteHealth.searchConsoleUnauthorized': /*i18n*/ 'Google refused the service account key.',
  'siteHealth.searchConsoleForbidden':
    /*i18n*/ 'The service account has no access to this Search Console property (is the property verified and the account added as a user?).',
  'siteHealth.searchConsoleRateLimited': /*i18n*/ 'Search Console asks to slow down (HTTP 429).',
  'siteHealth.searchConsoleTokenFailed': /*i18n*/ 'Search Console token failed: {reason}',
  'siteHealth.searchConsoleQueryFailed': /*i18n*/ 'Search Console query failed: {reason}',
  'siteHealth.searchConsoleUnreadable': /*i18n*/ 'Google answered with something that could not be read.',
  'ecosystem.appNotFound': /*i18n*/ 'App not found',
  'operations.badSignature': /*i18n*/ 'The webhook signature is missing, wrong or too old.',
  'operations.badEventBody': /*i18n*/ 'The event is not valid JSON.',
  'operations.deliveryNotFound': /*i18n*/ 'Webhook delivery not found',
  'operations.endpointNotFound': /*i18n*/ 'Webhook endpoint not found',
  'operations.endpointDisabled': /*i18n*/ 'This webhook endpoint is disabled; enable it first.',
  'operations.monitorNotFound': /*i18n*/ 'Monitor not found',
  'operations.incidentNotFound': /*i18n*/ 'Incident not found',
  'operations.maintenanceNotFound': /*i18n*/ 'Maintenance window not found',
  'operations.statusSlugTaken': /*i18n*/ 'This address is taken; choose another.',
  'operations.statusPageNotFound': /*i18n*/ 'There is no status page at this address.',
  'operations.statusRateLimited': /*i18n*/ 'Too many requests from this address. Try again in a minute.',
  'operations.dependencyCycle': /*i18n*/ 'An app cannot depend on itself, directly or through other apps.',
  'operations.defaultMonitorUrl':
    /*i18n*/ "An app's own monitor checks the app's URL; change the URL in the app's settings.",
  'operations.defaultMonitorKept': /*i18n*/ "An app's own monitor cannot be removed; remove the app instead.",
  'operations.integrationRunning': /*i18n*/ '{name} is already integrating or integrated.',
  // Reasons the operations console stores beside their English text (a probe's error, an integration's,
  // a disabled endpoint's) and nests in its activity and event lines.
  'operations.probeFailed': /*i18n*/ 'The probe failed.',
  'operations.appDidNotAnswer': /*i18n*/ 'The app did not answer: {reason}',
  'operations.configRefused': /*i18n*/ 'The app did not accept its webhook configuration ({answer}).',
  'operations.handshakeRefused': /*i18n*/ 'The app did not accept the handshake ({answer}).',
  'operations.noAnswer': /*i18n*/ 'no answer',
  'operations.noAcknowledgement': /*i18n*/ 'No signed acknowledgement arrived within {seconds} seconds.',
  'operations.endpointGone': /*i18n*/ 'The endpoint answered 410 Gone.',
  'operations.endpointFailing': /*i18n*/ 'The endpoint failed for five days without a success.',
  'operations.noticeContactNotOfCompany':
    /*i18n*/ "The notice contact must be one of the company's contacts.",
  'operations.endpointFailingTask': /*i18n*/ 'Webhook endpoint of {name} failing for 24 hours',
  'operations.endpointFailingTaskNotes':
    /*i18n*/ 'No delivery to {url} has succeeded since {since} (UTC). Last error: {error}. The endpoint is disabled after five days of failures.',
  'operations.endpointNoticeSubject': /*i18n*/ 'Webhook deliveries to your endpoint are failing',
  'operations.endpointNoticeBody':
    /*i18n*/ 'Hello {name}, every webhook sent to {url} since {since} (UTC) has failed. The last error: {error}. If the endpoint accepts none within five days of the first failure, it will be disabled.',
  // The guarded outbound client's refusals (src/server/http/outbound-error.ts).
  'outbound.invalidUrl': /*i18n*/ 'Only http and https addresses can be fetched.',
  'outbound.unresolved': /*i18n*/ 'This server name does not resolve.',
  'outbound.blockedAddress':
    /*i18n*/ 'This address points into a private network; only public internet addresses are allowed.',
  'outbound.ownAddress':
    /*i18n*/ 'This address is this server itself; it does not fetch its own pages for anyone.',
  'outbound.unreachable': /*i18n*/ 'The remote server could not be reached.',
  'outbound.timeout': /*i18n*/ 'The remote server did not answer in time.',
  'outbound.tooLarge': /*i18n*/ 'The remote server’s answer is larger than allowed.',
  'outbound.tooManyRedirects': /*i18n*/ 'The remote server redirected too many times.',
  'outbound.httpError': /*i18n*/ 'The remote server answered with an error.',
  'outbound.httpErrorStatus': /*i18n*/ 'The remote server answered with HTTP {status}.',
  'outbound.status': /*i18n*/ 'HTTP {status}',
  'ecosystem.endpointNotFound': /*i18n*/ 'Data endpoint not found',
  'ecosystem.appNameTaken': /*i18n*/ '{name} is already one of your apps',
  'ecosystem.planItemNotFound': /*i18n*/ 'Plan item not found',
  'ecosystem.matrixEntryNotFound': /*i18n*/ 'Matrix entry not found',
  'ecosystem.planItemCompleted': /*i18n*/ 'This plan item is already completed.',
  'ecosystem.runNotFound': /*i18n*/ 'Collection run not found',
  'ecosystem.noEndpoints': /*i18n*/ 'This app has no data endpoints to collect from.',
  // Why an endpoint's collection failed, stored with its result (src/server/features/ecosystem/app-data.ts).
  'ecosystem.endpointUnreadable': /*i18n*/ 'The endpoint could not be read.',
  'ecosystem.endpointRemoved': /*i18n*/ 'The endpoint was removed before it was collected.',
  'ecosystem.notJsonList': /*i18n*/ 'The endpoint did not answer with a JSON array or {shape}.',
  'ecosystem.invalidJson': /*i18n*/ 'The endpoint did not answer with valid JSON.',
  'ecosystem.tooManyPages': /*i18n*/ 'The endpoint links more than {pages} pages.',
  'ecosystem.nextLinksLoop': /*i18n*/ 'The endpoint’s "next" links go round in a loop.',
  'ecosystem.noIdentityField':
    /*i18n*/ 'The data has no email or phone field, so its rows cannot be matched to contacts.',
  'ecosystem.tooManyRows': /*i18n*/ 'The endpoint sent more than {rows} rows.',
  'backups.notFound': /*i18n*/ 'Backup not found',
  'backups.notCompleted':
    /*i18n*/ 'This backup has not completed, so it cannot be downloaded, verified or restored.',
  'backups.fileMissing': /*i18n*/ 'The file of this backup is missing from the server.',
  // Why work a restored copy brought with it did not go on (issue 30 §4): a restore brings data only.
  'backups.stoppedByRestore':
    /*i18n*/ 'Stopped: this workspace was restored from a backup. Start it again when you want it to run.',
  'succession.notMember': /*i18n*/ 'The successor must be a member of this workspace.',
  'succession.notYourself': /*i18n*/ 'Choose another member: you cannot succeed yourself.',
  'succession.noPlan': /*i18n*/ 'No succession plan is set for this workspace.',
  'succession.notClaimable':
    /*i18n*/ 'Ownership can be claimed only by the named successor once the owner has been away for the chosen period.',
  'assistant.tooManyRequests': /*i18n*/ 'Too many suggestion requests. Try again in a minute.',
  'assistant.reasonNameMatch': /*i18n*/ 'The name starts with "{input}"',
  'assistant.reasonTextMatch': /*i18n*/ 'The name, email or company contains "{input}"',
  'assistant.addEmail': /*i18n*/ 'Add an email address for {name}',
  'assistant.addPhone': /*i18n*/ 'Add a phone number for {name}',
  'assistant.addCompany': /*i18n*/ 'Add the company {name} works for',
  'assistant.reasonMissingField': /*i18n*/ 'This field is empty on the contact',
  'assistant.addGreeting': /*i18n*/ 'Open with a greeting, for example "Hi {name},"',
  'assistant.addGreetingNoName': /*i18n*/ 'Open with a greeting',
  'assistant.reasonNoGreeting': /*i18n*/ 'The email does not start with a greeting',
  'assistant.addQuestion': /*i18n*/ 'End with one clear question, such as a time to talk',
  'assistant.reasonNoQuestion': /*i18n*/ 'The email asks nothing the reader can answer',
  'assistant.addNextStep': /*i18n*/ 'Write down the next step and when it is due',
  'assistant.reasonNoNextStep': /*i18n*/ 'The note names no next step',
  'assistant.followUp': /*i18n*/ 'Follow up with {name}',
  'assistant.reasonNoContactDays': /*i18n*/ 'No contact for {days, plural, one {# day} other {# days}}',
  'assistant.reasonNeverContacted': /*i18n*/ 'Never contacted since being added',
  'assistant.templateFollowUpEmail':
    /*i18n*/ 'Hi {name}, thank you for your time. Would a short call later this week work for you to agree on the next steps?',
  'assistant.templateFollowUpEmailNoName':
    /*i18n*/ 'Hello, thank you for your time. Would a short call later this week work for you to agree on the next steps?',
  'assistant.templateCallNote': /*i18n*/ 'Call with {name}: discussed … Outcome: … Next step: … by …',
  'assistant.templateCallNoteNoName': /*i18n*/ 'Call: discussed … Outcome: … Next step: … by …',
  'assistant.reasonTemplate': /*i18n*/ 'A starting point for this kind of text',
  'assistant.reasonSameCompany': /*i18n*/ 'Everyone at {company}',
  'assistant.actionSearchDomain': /*i18n*/ 'Search {domain}',
  'assistant.actionSignOff': /*i18n*/ 'Add a sign-off',
  'assistant.textSignOff': /*i18n*/ 'Best regards,',
  'assistant.actionNextStep': /*i18n*/ 'Add a next step',
  'assistant.textNextStep': /*i18n*/ 'Next step:',
  'ai.timeout': /*i18n*/ 'The AI provider did not answer in time. Try again.',
  'ai.rateLimited': /*i18n*/ 'The AI provider is busy right now. Try again in a minute.',
  'ai.malformed': /*i18n*/ 'The AI provider sent an answer that could not be read.',
  'ai.unreachable': /*i18n*/ 'The AI provider cannot be reached.',
  'ai.refused': /*i18n*/ 'The AI provider refused the request (HTTP {status}).',
  'ai.aborted': /*i18n*/ 'The request to the AI provider was cancelled.',
  'content.notFound': /*i18n*/ 'Content item not found',
  'marketing.campaignNotFound': /*i18n*/ 'Campaign not found',
  'marketing.notEditable':
    /*i18n*/ 'Only a draft, scheduled or paused campaign can be edited. Pause it first.',
  'marketing.audienceFixed': /*i18n*/ 'The audience is fixed once sending has started',
  'marketing.deleteWhileSending': /*i18n*/ 'Pause or cancel the campaign before deleting it.',
  'marketing.notSendable': /*i18n*/ 'Only a draft or scheduled campaign can be sent.',
  'marketing.notPausable': /*i18n*/ 'Only a sending or scheduled campaign can be paused.',
  'marketing.notResumable': /*i18n*/ 'Only a paused campaign can be resumed.',
  'marketing.notHeld': /*i18n*/ 'Only a campaign held for failing links can be released.',
  'marketing.heldEmailNotFound': /*i18n*/ 'No workflow email held for failing links has this id.',
  'marketing.notCancellable': /*i18n*/ 'A sent or cancelled campaign cannot be cancelled.',
  'marketing.abTestLocked':
    /*i18n*/ 'The A/B test of a {status, select, sending {sending} paused {paused} sent {sent} other {cancelled}} campaign cannot be changed.',
  'marketing.abTestFormNotFound': /*i18n*/ 'The form of the A/B test was not found in this workspace.',
  'duplicates.contactsMissing': /*i18n*/ 'One or more of these contacts no longer exist.',
  'duplicates.suggestionNotFound': /*i18n*/ 'Duplicate suggestion not found',
  'duplicates.mergeNotFound': /*i18n*/ 'Merge not found',
  'duplicates.alreadyUndone': /*i18n*/ 'This merge was undone already.',
  'duplicates.undoExpired':
    /*i18n*/ 'This merge can no longer be undone: its history has expired or a later merge includes it.',
  'duplicates.undoConflict':
    /*i18n*/ 'Undo would give two contacts the same email or phone. Change the contact that has it now, then undo again.',
  'duplicates.merged': /*i18n*/ '{count, plural, one {# contact} other {# contacts}} merged into {name}',
  'tasks.notFound': /*i18n*/ 'Task not found',
  'tasks.notYours': /*i18n*/ 'Members can change only the tasks they created or that are assigned to them.',
  'reports.notFound': /*i18n*/ 'Report not found',
  'reports.outdated':
    /*i18n*/ 'This report names a field its source no longer has. Open it in the builder and save it again.',
  'reports.dashboardNotFound': /*i18n*/ 'Dashboard not found',
  'reports.tileReportNotFound': /*i18n*/ 'This report does not exist in the workspace',
  'reports.scheduleNotFound': /*i18n*/ 'Schedule not found',
  'reports.scheduleDashboardPrivate': /*i18n*/ 'Only a dashboard shared with the workspace can be scheduled',
  'reports.scheduleNotMember': /*i18n*/ 'This person is not a member of the workspace',
  'automation.workflowNotFound': /*i18n*/ 'Workflow not found',
  'segments.notFound': /*i18n*/ 'Segment not found',
  'segments.referenceNotFound': /*i18n*/ 'Not one of this workspace’s records',
  'forms.notFound': /*i18n*/ 'Form not found',
  'forms.originRefused':
    /*i18n*/ 'This form takes answers only from its own page and from the websites of its workspace.',
  'forms.tokenInvalid': /*i18n*/ 'This form has expired. Reload the page and send it again.',
  'forms.tooFast': /*i18n*/ 'Sent too quickly after the form appeared. Check your answers and send it again.',
  'forms.rateLimited': /*i18n*/ 'Too many answers from this address. Try again in a minute.',
  'forms.answerRequired': /*i18n*/ 'This field is required',
  'forms.answerInvalid': /*i18n*/ 'This answer is not valid',
  'forms.answerNotAnOption': /*i18n*/ 'Choose one of the options',
  'forms.unknownField': /*i18n*/ 'This form has no such field',
  'forms.consentRequired': /*i18n*/ 'Tick the consent box to send the form',
  'content.websiteNotOwn': /*i18n*/ 'The website must be one of your websites',
  'content.translationNeedsProvider':
    /*i18n*/ 'Translation needs an AI provider. The offline generator cannot translate; ask your administrator to set OPENAI_BASE_URL.',
  'content.alreadyInLocale': /*i18n*/ 'This item is already in that language.',
  'content.scheduleInPast': /*i18n*/ 'Choose a time in the future',
  'content.alreadyPublished': /*i18n*/ 'This item is already published.',
  'content.wordpressRefused':
    /*i18n*/ 'WordPress refused the post (HTTP {status}). Check the user and application password.',
  'content.wordpressUnreadable': /*i18n*/ 'WordPress answered with something that is not a post.',
  // A WordPress push that failed without a catalogued reason; stored on the item like the others.
  'content.wordpressFailed': /*i18n*/ 'The post could not be sent to WordPress.',
  'activity.demoWebsites': /*i18n*/ 'Three websites connected to the hub',
  'activity.backupCompleted':
    /*i18n*/ 'Backup completed: {rows, plural, one {# row} other {# rows}} from {tables, plural, one {# table} other {# tables}}',
  'activity.backupFailed': /*i18n*/ 'Backup failed: {reason}',
  'activity.backupRestored': /*i18n*/ 'Backup {id} restored into a new workspace, {name}',
  'activity.restoreFailed': /*i18n*/ 'Restore failed: {reason}',
  'activity.restoredWorkspaceStarted':
    /*i18n*/ 'Restored workspace started: its schedules, probes and mailbox syncs run again',
  'activity.dealCreated': /*i18n*/ 'New deal: {deal} ({contact})',
  'activity.dealMoved':
    /*i18n*/ '{deal} moved from {from, select, leads {Leads} qualified {Qualified} proposal {Proposal} negotiation {Negotiation} won {Won} other {Lost}} to {to, select, leads {Leads} qualified {Qualified} proposal {Proposal} negotiation {Negotiation} won {Won} other {Lost}}',
  'activity.dealDeleted': /*i18n*/ 'Deal deleted: {deal}',
  'activity.dealsImported': /*i18n*/ '{count, plural, one {# deal imported} other {# deals imported}}',
  'activity.workspaceCreated': /*i18n*/ '{owner} created {workspace}',
  // Activity lines workflows stored before tasks were records of their own (issue 33) still read it.
  'activity.taskCreated': /*i18n*/ '{title} ({contact}, due {due})',
  'activity.taskAdded': /*i18n*/ 'New task: {title}',
  'activity.taskDone': /*i18n*/ 'Task done: {title}',
  'activity.websiteAdded': /*i18n*/ 'Website {name} ({domain}) added',
  'activity.websiteRemoved': /*i18n*/ 'Website {name} ({domain}) removed',
  'activity.contentGenerated':
    /*i18n*/ 'Generated {type, select, blog {blog} social {social} email {email} landing {landing page} other {product}} content: {title}',
  'activity.contentPublished':
    /*i18n*/ 'Published {type, select, blog {blog} social {social} email {email} landing {landing page} other {product}} content: {title}',
  'activity.contentTranslated': /*i18n*/ 'Translated into {locale}: {title}',
  'activity.contactAdded':
    /*i18n*/ '{via, select, email {New contact from email} phone {New contact from phone sync} import {New contact imported} app {New contact from an ecosystem app} form {New contact from a form} other {New contact added}}: {name}',
  'activity.contactStatusChanged':
    /*i18n*/ '{name} moved from {from, select, lead {Lead} qualified {Qualified} customer {Customer} other {Lost}} to {to, select, lead {Lead} qualified {Qualified} customer {Customer} other {Lost}}',
  'activity.contactDeleted': /*i18n*/ 'Contact deleted: {name}',
  'activity.apiKeyCreated':
    /*i18n*/ 'API key "{name}" created with the {role, select, owner {owner} admin {admin} member {member} other {viewer}} role',
  'activity.paymentReceived': /*i18n*/ 'Payment received: {amount} for {description}',
  'activity.planChanged':
    /*i18n*/ 'Plan changed from {from, select, starter {Starter} professional {Professional} other {Enterprise}} to {to, select, starter {Starter} professional {Professional} other {Enterprise}}, {amount} a month from now on',
  'activity.subscriptionCancelling':
    /*i18n*/ '{kind, select, platform {The platform plan} reoss {The REOSS membership} other {The local business listing}} ends with its current period',
  'activity.subscriptionEnded':
    /*i18n*/ '{kind, select, platform {The platform plan} reoss {The REOSS membership} other {The local business listing}} has ended',
  'activity.subscriptionKept':
    /*i18n*/ '{kind, select, platform {The platform plan} reoss {The REOSS membership} other {The local business listing}} renews again',
  'activity.contactsImported':
    /*i18n*/ 'Imported {file}: {created, plural, one {# new contact} other {# new contacts}}{updated, plural, =0 {} other {, # updated}}{failed, plural, =0 {} one {, # row failed} other {, # rows failed}}',
  'activity.appAdded': /*i18n*/ 'App {name} added to the ecosystem',
  'activity.appRemoved': /*i18n*/ 'App {name} removed from the ecosystem',
  'activity.dataCollected':
    /*i18n*/ 'Collected data from {endpoints, plural, one {# endpoint} other {# endpoints}}: {created} new contacts, {updated} updated',
  'activity.memberJoined':
    /*i18n*/ '{name} joined the workspace as {role, select, owner {owner} admin {admin} member {member} other {viewer}}',
  'activity.featuresChanged': /*i18n*/ 'Monitoring features changed: {changes}',
  'activity.webhooksDeployed': /*i18n*/ 'Webhooks deployed to {accepted}/{total} applications',
  'activity.endpointDisabled': /*i18n*/ 'Webhook endpoint {url} of {app} was disabled: {reason}',
  'activity.integrationFailed': /*i18n*/ 'Integration of {app} failed: {reason}',
  'activity.integrationActive': /*i18n*/ '{app} is integrated',
  'activity.appUp': /*i18n*/ '{app} is up again',
  'activity.appDown': /*i18n*/ '{app} is down: {reason}',
  'activity.successorNamed':
    /*i18n*/ '{successor} was named successor after {days} days without the owner signing in',
  'activity.successionCancelled': /*i18n*/ 'The owner cancelled the succession plan',
  'activity.successionClaimed': /*i18n*/ '{successor} claimed ownership from {owner}',
  'activity.successionClaimedUnnamed': /*i18n*/ 'The successor claimed ownership from {owner}',
  'activity.successionReset': /*i18n*/ '{owner} signed in again; the succession plan waits again',
  'activity.successionNotified':
    /*i18n*/ '{owner} has not signed in for {days} days: {successor} was told they can claim ownership',
  // Timeline titles of contacts and deals: stored with their id and values in the entry's metadata.message.
  // A `fields` value lists catalogued field labels (src/domain/*/…-labels) joined by ", ".
  'timeline.contactCreated':
    /*i18n*/ '{via, select, email {Contact created from an email} phone {Contact created from phone sync} import {Contact imported} app {Contact created from an ecosystem app} form {Contact created from a form} other {Contact added}}',
  'timeline.contactDetailsAdded':
    /*i18n*/ 'Details added from {via, select, email {an email} phone {phone sync} import {an import} app {an ecosystem app} form {a form} other {a manual entry}}: {fields}',
  'timeline.contactStatusChanged':
    /*i18n*/ 'Status changed from {from, select, lead {Lead} qualified {Qualified} customer {Customer} other {Lost}} to {to, select, lead {Lead} qualified {Qualified} customer {Customer} other {Lost}}',
  'timeline.fieldsUpdated': /*i18n*/ 'Updated {fields}',
  'timeline.dealCreated':
    /*i18n*/ '{via, select, automation {Deal created by a workflow} email {Deal created from an email} other {Deal created}}',
  'timeline.dealMoved':
    /*i18n*/ 'Moved from {from, select, leads {Leads} qualified {Qualified} proposal {Proposal} negotiation {Negotiation} won {Won} other {Lost}} to {to, select, leads {Leads} qualified {Qualified} proposal {Proposal} negotiation {Negotiation} won {Won} other {Lost}}',
  'timeline.workflowStarted': /*i18n*/ 'Workflow “{workflow}” started',
  'timeline.formSubmitted': /*i18n*/ 'Form “{form}” submitted',
  'timeline.workflowCompleted': /*i18n*/ 'Workflow “{workflow}” completed',
  'timeline.workflowFailed': /*i18n*/ 'Workflow “{workflow}” failed: {reason}',
  'timeline.task': /*i18n*/ 'Task: {title}',
  'timeline.email': /*i18n*/ '{direction, select, inbound {Email received} other {Email sent}}: {subject}',
  'timeline.emailNoSubject':
    /*i18n*/ '{direction, select, inbound {Email received} other {Email sent}}: No Subject',
  'timeline.call':
    /*i18n*/ '{direction, select, incoming {Incoming call} other {Outgoing call}} ({duration})',
  'timeline.textMessage':
    /*i18n*/ '{direction, select, received {Text message received} other {Text message sent}}',
  'timeline.marketingBounced': /*i18n*/ 'Marketing email bounced ({status}): no more marketing mail',
  'timeline.marketingComplaint': /*i18n*/ 'Marked marketing email as spam: no more marketing mail',
  'timeline.demoCall': /*i18n*/ 'Phone call',
  'timeline.demoFollowUp': /*i18n*/ 'Email: following up with {name}',
} as const;

export type ServerMessageId = keyof typeof serverMessages;
export type MessageValues = Record<string, string | number>;

/** A user-facing message: its id and values travel to the client, `text` is the English rendering. */
export interface ServerMessage {
  id: ServerMessageId;
  values?: MessageValues;
  text: string;
}

export function isServerMessageId(value: unknown): value is ServerMessageId {
  return typeof value === 'string' && Object.hasOwn(serverMessages, value);
}

const englishPlural = new Intl.PluralRules('en');

/** Formats one of the catalogue's templates in English (the subset of ICU described above). */
export function formatServerMessage(template: string, values: MessageValues = {}): string {
  return template
    .replace(/\{(\w+), (plural|select),((?:\s*[=\w]+ \{[^{}]*\})+)\s*\}/g, (_, name, kind, body) => {
      const branches = new Map(
        [...(body as string).matchAll(/([=\w]+) \{([^{}]*)\}/g)].map((m) => [m[1], m[2]] as const),
      );
      if (kind === 'select') return branches.get(String(values[name])) ?? branches.get('other') ?? '';
      const count = Number(values[name]);
      const branch =
        branches.get(`=${count}`) ?? branches.get(englishPlural.select(count)) ?? branches.get('other');
      return (branch ?? '').replaceAll('#', String(count));
    })
    .replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** Builds a catalogued message for an `AppError`: `new AppError('not_found', serverMessage('deals.notFound'))`. */
export function serverMessage(id: ServerMessageId, values?: MessageValues): ServerMessage {
  return { id, values, text: formatServerMessage(serverMessages[id], values) };
}

/** A catalogued message as stored beside its English text (a column, an entry's metadata), for the reader. */
export interface MessageRef {
  id: ServerMessageId;
  values?: StoredValues;
}
/** A stored line's values: one may itself be a catalogued message (the reason in "{app} is down: {reason}"). */
export type StoredValues = Record<string, string | number | MessageRef>;

/** A line the server stores: a `ServerMessage` whose values may nest other messages. */
export interface StoredMessage {
  id: ServerMessageId;
  values?: StoredValues;
  text: string;
}

export function messageRef(message: StoredMessage): MessageRef {
  return { id: message.id, values: message.values ?? {} };
}

/**
 * A line to store whose values may be messages themselves: each nested one keeps its id and values (the
 * client translates it too) and reads as its English text inside this one's.
 */
export function storedMessage(
  id: ServerMessageId,
  values: Record<string, string | number | StoredMessage>,
): StoredMessage {
  const refs: StoredValues = {};
  const texts: MessageValues = {};
  for (const [name, value] of Object.entries(values)) {
    refs[name] = typeof value === 'object' ? messageRef(value) : value;
    texts[name] = typeof value === 'object' ? value.text : value;
  }
  return { id, values: refs, text: formatServerMessage(serverMessages[id], texts) };
}

/**
 * A timeline line as stored: its English text as the title and, when catalogued, its id and values in
 * `metadata.message` (the client's `storedMessageText` reads it in each reader's language).
 */
export function timelineTitle(line: StoredMessage | string, metadata: Record<string, unknown> = {}) {
  return typeof line === 'string'
    ? { title: line, metadata }
    : { title: line.text, metadata: { ...metadata, message: messageRef(line) } };
}
