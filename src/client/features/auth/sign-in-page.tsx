import { BrandMark } from '@client/components/brand-logo';
import { FormField } from '@client/components/form/form-field';
import { SelectField } from '@client/components/form/select-field';
import { formatMonthlyPrice } from '@client/components/pricing/monthly-price';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Checkbox } from '@client/components/ui/checkbox';
import { Input } from '@client/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { apiRequest, errorMessage } from '@client/lib/api';
import { applyServerErrors } from '@client/lib/form';
import { refreshAuthUser, useAuth } from '@client/lib/use-auth';
import { type AuthProviders, signInSchema, signUpSchema, trialDays } from '@domain/auth/auth-schemas';
import { type AddonId, addons } from '@domain/pricing/addons';
import { readPackageLink } from '@domain/pricing/custom-package';
import { basePlans, type PlanId } from '@domain/pricing/plans';
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, Loader2, MailOpen } from 'lucide-react';
import type * as React from 'react';
import { useEffect, useState } from 'react';
import { Controller, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import type { z } from 'zod';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { NewPasswordField } from './new-password-field';
import { safeNextPath } from './next-path';

type Mode = 'signin' | 'signup';

/** Only same-site paths: "//evil.example" or "https://..." would send a fresh session elsewhere. */
const promises = [
  msg`${trialDays}-day free trial, no credit card required`,
  msg`Complete data isolation for your business`,
  msg`Invite your team with role-based access`,
  msg`Cancel anytime`,
];

export function SignInPage() {
  const params = new URLSearchParams(useSearch());
  const inviteToken = params.get('invite') ?? undefined;
  const ssoError = params.get('error');
  const nextPath = safeNextPath(params.get('next'));
  // A package picked on a pricing screen (plan and add-ons) means a new customer: open on Create account.
  const requested = readPackageLink(params);
  const hasPackage = Boolean(requested.planId || requested.addonIds.length);
  const { isAuthenticated } = useAuth();
  const [, navigate] = useLocation();
  // `signup` comes from a sign-up link that no longer works: straight back to Create account.
  const [mode, setMode] = useState<Mode>(
    inviteToken || hasPackage || params.has('signup') ? 'signup' : 'signin',
  );
  const { t } = useLingui();
  const year = new Date().getFullYear();

  // Someone signed in has nothing to do here (unless they came to accept an invite): go on to `next`.
  // Moving on from this effect, not straight from the sign-in answer, matters: the route table must
  // already have rendered with the new user, or it takes a signed-in screen for a visitor's and sends
  // the new user through /api/login again.
  const [hasSignedIn, setHasSignedIn] = useState(false);
  useEffect(() => {
    if (isAuthenticated && (hasSignedIn || !inviteToken)) navigate(nextPath, { replace: true });
  }, [isAuthenticated, hasSignedIn, inviteToken, navigate, nextPath]);

  const onSignedIn = async () => {
    await refreshAuthUser();
    setHasSignedIn(true);
  };
  // Sign-up answers alike whether or not the address has an account (docs/areas/auth.md): only an
  // invited new account comes back signed in; otherwise a mail is on its way, and this page says so.
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  const onSignedUp = async (email: string) => {
    if (await refreshAuthUser()) setHasSignedIn(true);
    else setMailedTo(email);
  };

  return (
    <div className="grid min-h-screen grid-cols-1 lg:grid-cols-2">
      <aside className="relative hidden flex-col justify-between overflow-hidden bg-sidebar p-10 text-sidebar-foreground lg:flex">
        <Link href="/" className="flex items-center gap-2 text-lg font-semibold text-white">
          <BrandMark size="lg" />
          <Trans>Business Hub</Trans>
        </Link>
        <div className="space-y-6">
          <h2 className="text-3xl font-semibold leading-tight text-white">
            <Trans>Run every website, contact and sale from one hub.</Trans>
          </h2>
          <ul className="space-y-3 text-sm">
            {promises.map((line) => (
              <li key={line.id} className="flex items-center gap-2">
                <CheckCircle2 className="h-4 w-4 text-success" />
                {t(line)}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-xs text-sidebar-muted">
          <Trans>© {year} Business Hub</Trans>
        </p>
        <div className="pointer-events-none absolute -end-24 -top-24 h-72 w-72 rounded-full bg-primary/30 blur-3xl" />
      </aside>

      <main className="flex items-center justify-center p-4 sm:p-8">
        <div className="w-full max-w-md space-y-6">
          <Link href="/" className="flex items-center gap-2 text-lg font-semibold lg:hidden">
            <BrandMark />
            <Trans>Business Hub</Trans>
          </Link>
          {inviteToken && (
            <div className="flex gap-3 rounded-lg border border-primary/30 bg-accent p-4 text-sm text-accent-foreground">
              <MailOpen className="mt-0.5 h-5 w-5 shrink-0" />
              <p>
                <Trans>
                  You have been invited to join a workspace. Create an account, or sign in if you already have
                  one, to accept the invitation.
                </Trans>
              </p>
            </div>
          )}
          {ssoError && (
            <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {ssoError}
            </p>
          )}
          <Card>
            <Tabs value={mode} onValueChange={(value) => setMode(value as Mode)}>
              <CardHeader>
                <CardTitle className="text-2xl">
                  {mode === 'signin' ? t`Welcome back` : t`Create your account`}
                </CardTitle>
                <CardDescription>
                  {mode === 'signin'
                    ? t`Sign in to your business hub.`
                    : inviteToken
                      ? t`Join your team in a minute.`
                      : t`Start your ${trialDays}-day free trial. No credit card required.`}
                </CardDescription>
                <TabsList className="mt-4 grid w-full grid-cols-2">
                  <TabsTrigger value="signin">
                    <Trans>Sign in</Trans>
                  </TabsTrigger>
                  <TabsTrigger value="signup">
                    <Trans>Create account</Trans>
                  </TabsTrigger>
                </TabsList>
              </CardHeader>
              <CardContent>
                <TabsContent value="signin" className="mt-0">
                  <SignInForm inviteToken={inviteToken} onDone={onSignedIn} />
                </TabsContent>
                <TabsContent value="signup" className="mt-0">
                  {mailedTo ? (
                    <div role="status" className="flex gap-3 rounded-lg border bg-muted/50 p-4 text-sm">
                      <MailOpen aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
                      <p>
                        <strong className="block">
                          <Trans>Check your email</Trans>
                        </strong>
                        <Trans>
                          We sent an email to {mailedTo}. Open the link in it within 24 hours to finish
                          creating your account. If you already have an account, sign in instead.
                        </Trans>
                      </p>
                    </div>
                  ) : (
                    <SignUpForm
                      inviteToken={inviteToken}
                      nextPath={nextPath}
                      initialPlan={requested.planId}
                      initialAddons={requested.addonIds}
                      onDone={onSignedUp}
                    />
                  )}
                </TabsContent>
                <SingleSignOn nextPath={nextPath} />
              </CardContent>
            </Tabs>
          </Card>
        </div>
      </main>
    </div>
  );
}

/** Shown only when the server has OIDC configured (GET /api/auth/providers). */
function SingleSignOn({ nextPath }: { nextPath: string }) {
  const { data } = useQuery<AuthProviders>({ queryKey: ['/api/auth/providers'] });
  if (!data?.oidc) return null;
  return (
    <div className="mt-6 space-y-4">
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        <Trans>or</Trans>
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button asChild variant="outline" className="w-full">
        <a href={`/api/auth/oidc/start?next=${encodeURIComponent(nextPath)}`}>
          <Trans>Continue with single sign-on</Trans>
        </a>
      </Button>
    </div>
  );
}

function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {errorMessage(error)}
    </p>
  );
}

function Field({
  label,
  error,
  registration,
  ...props
}: {
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
} & React.ComponentProps<typeof Input>) {
  return (
    <FormField label={label} error={error}>
      {(id, invalid) => <Input id={id} aria-invalid={invalid} {...props} {...registration} />}
    </FormField>
  );
}

const signInFormSchema = signInSchema.pick({ email: true, password: true });
type SignInForm = z.input<typeof signInFormSchema>;

function SignInForm({ inviteToken, onDone }: { inviteToken?: string; onDone: () => Promise<void> }) {
  const form = useForm<SignInForm>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const { t } = useLingui();
  const signIn = useMutation({
    mutationFn: (input: SignInForm) => apiRequest('POST', '/api/auth/login', { ...input, inviteToken }),
    onSuccess: onDone,
    onError: (error) => applyServerErrors(error, form),
  });
  const submit = form.handleSubmit((input) => signIn.mutate(input));
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field
        label={t`Email`}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        registration={form.register('email')}
      />
      <Field
        label={t`Password`}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        registration={form.register('password')}
      />
      <div className="-mt-2 flex justify-end">
        <ForgotPasswordDialog initialEmail={form.watch('email')} />
      </div>
      <FormError error={signIn.error} />
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending && <Loader2 className="animate-spin" />}
        {signIn.isPending ? t`Signing in...` : t`Sign in`}
      </Button>
    </form>
  );
}

type SignUpForm = z.input<typeof signUpSchema>;

function SignUpForm({
  inviteToken,
  nextPath,
  initialPlan,
  initialAddons,
  onDone,
}: {
  inviteToken?: string;
  nextPath: string;
  initialPlan?: PlanId;
  initialAddons: AddonId[];
  onDone: (email: string) => Promise<void>;
}) {
  // The server's schema; the invite token rides along unseen, so its "business name or invite" rule holds.
  const form = useForm<SignUpForm, unknown, z.output<typeof signUpSchema>>({
    resolver: zodResolver(signUpSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      businessName: '',
      plan: initialPlan ?? 'professional',
      addons: initialAddons,
      inviteToken,
    },
    // The password's rule shows as it is typed.
    mode: 'onChange',
  });
  const { errors } = form.formState;
  const { t, i18n } = useLingui();
  const signUp = useMutation({
    mutationFn: (input: z.output<typeof signUpSchema>) =>
      apiRequest('POST', '/api/auth/signup', {
        ...input,
        // An invitee joins the inviting business: no business name, plan or add-ons of their own.
        businessName: inviteToken ? undefined : input.businessName,
        addons: inviteToken ? undefined : input.addons,
        // The emailed link leads back where the visitor was going.
        next: nextPath === '/dashboard' ? undefined : nextPath,
      }),
    onSuccess: (_answer, input) => onDone(input.email),
    onError: (error) => applyServerErrors(error, form),
  });
  const submit = form.handleSubmit((input) => signUp.mutate(input));
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t`First name`}
          autoComplete="given-name"
          error={errors.firstName?.message}
          registration={form.register('firstName')}
        />
        <Field
          label={t`Last name`}
          autoComplete="family-name"
          error={errors.lastName?.message}
          registration={form.register('lastName')}
        />
      </div>
      <Field
        label={t`Email`}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        registration={form.register('email')}
      />
      <NewPasswordField
        id="password"
        label={t`Password`}
        error={errors.password?.message}
        registration={form.register('password')}
      />
      {!inviteToken && (
        <>
          <Field
            label={t`Business name`}
            autoComplete="organization"
            error={errors.businessName?.message}
            registration={form.register('businessName')}
          />
          <SelectField
            control={form.control}
            name="plan"
            label={<Trans>Plan</Trans>}
            options={basePlans.map((option) => ({
              value: option.id,
              label: `${i18n._(option.name)} — ${formatMonthlyPrice(option.priceCents)}${option.popular ? ` · ${t`Most Popular`}` : ''}`,
            }))}
            hint={
              <Trans>
                Free for <Plural value={trialDays} one="# day" other="# days" />; change plans at any time.
              </Trans>
            }
          />
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">
              <Trans>Add-on apps</Trans>
            </legend>
            <Controller
              control={form.control}
              name="addons"
              render={({ field }) => {
                const chosen = field.value ?? [];
                return (
                  // One minmax(0, 1fr) column: a long add-on name truncates instead of widening a phone's screen.
                  <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                    {addons.map((addon) => (
                      <label
                        key={addon.id}
                        className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm"
                      >
                        <Checkbox
                          checked={chosen.includes(addon.id)}
                          onCheckedChange={(checked) =>
                            field.onChange(
                              checked === true
                                ? [...chosen.filter((a) => a !== addon.id), addon.id]
                                : chosen.filter((a) => a !== addon.id),
                            )
                          }
                          aria-label={i18n._(addon.name)}
                        />
                        <span className="min-w-0 flex-1 truncate">{i18n._(addon.name)}</span>
                        <span className="text-xs text-muted-foreground">
                          {formatMonthlyPrice(addon.priceCents)}
                        </span>
                      </label>
                    ))}
                  </div>
                );
              }}
            />
          </fieldset>
        </>
      )}
      <FormError error={signUp.error} />
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending && <Loader2 className="animate-spin" />}
        {signUp.isPending
          ? t`Creating account...`
          : inviteToken
            ? t`Create account and join`
            : t`Start free trial`}
      </Button>
    </form>
  );
}
