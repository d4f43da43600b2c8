import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { formatNumber } from '@client/i18n/format';
import { onErrorToast } from '@client/lib/error-toast';
import { contactStatuses } from '@domain/contacts/contact-schemas';
import {
  type Audience,
  type CampaignType,
  campaignTypes,
  mergeFields,
} from '@domain/marketing/campaign-schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { campaignTypeLabels } from './campaign-labels';
import { useCampaign, usePreviewCampaign, useSaveCampaign } from './marketing-api';

const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The campaign editor: content with merge fields and a preview, the audience, the sender and a schedule. */
export function CampaignEditorDialog({
  campaignId,
  onClose,
}: {
  campaignId: number | null;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const existing = useCampaign(campaignId);
  const save = useSaveCampaign();
  const preview = usePreviewCampaign();
  const [name, setName] = useState('');
  const [type, setType] = useState<CampaignType>('newsletter');
  const [subject, setSubject] = useState('');
  const [preheader, setPreheader] = useState('');
  const [body, setBody] = useState('');
  const [fromName, setFromName] = useState('');
  const [audience, setAudience] = useState<Audience>({});
  const [scheduledAt, setScheduledAt] = useState('');
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const c = existing.data;
    if (!c) return;
    setName(c.name);
    setType(c.type);
    setSubject(c.subject);
    setPreheader(c.preheader);
    setBody(c.body);
    setFromName(c.fromName);
    setAudience(c.audience);
    setScheduledAt(c.scheduledAt ? c.scheduledAt.slice(0, 16) : '');
  }, [existing.data]);

  const insertField = (field: string) => {
    const token = `{{${field}}}`;
    const el = bodyRef.current;
    const at = el?.selectionStart ?? body.length;
    setBody(body.slice(0, at) + token + body.slice(el?.selectionEnd ?? at));
  };
  const sent = existing.data && existing.data.status !== 'draft';

  const submit = () =>
    save.mutate(
      {
        id: campaignId,
        body: {
          name,
          type,
          subject,
          preheader,
          body,
          fromName,
          ...(sent ? {} : { audience }),
          scheduledAt: scheduledAt ? new Date(scheduledAt).toISOString() : null,
        },
      },
      {
        onSuccess: () => {
          toast({ title: t`Campaign saved` });
          onClose();
        },
        onError: onErrorToast(t`Could not save the campaign`),
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>
            {campaignId === null ? <Trans>New Campaign</Trans> : <Trans>Edit Campaign</Trans>}
          </DialogTitle>
          <DialogDescription>
            <Trans>Saved as a draft; send it with the play button in the list.</Trans>
          </DialogDescription>
        </DialogHeader>
        <form
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="campaign-name">
                <Trans>Name</Trans>
              </Label>
              <Input
                id="campaign-name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                required
                maxLength={200}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="campaign-type">
                <Trans>Type</Trans>
              </Label>
              <select
                id="campaign-type"
                className={selectClass}
                value={type}
                onChange={(e) => setType(e.target.value as CampaignType)}
              >
                {campaignTypes.map((ct) => (
                  <option key={ct} value={ct}>
                    {i18n._(campaignTypeLabels[ct])}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="campaign-subject">
              <Trans>Subject</Trans>
            </Label>
            <Input
              id="campaign-subject"
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
              required
              maxLength={200}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="campaign-preheader">
              <Trans>Preheader</Trans>
            </Label>
            <Input
              id="campaign-preheader"
              value={preheader}
              onChange={(e) => setPreheader(e.target.value)}
              maxLength={200}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="campaign-body">
              <Trans>Body</Trans>
            </Label>
            <fieldset className="flex flex-wrap gap-1" aria-label={t`Insert a merge field`}>
              {mergeFields.map((field) => (
                <Button
                  key={field}
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => insertField(field)}
                >
                  {`{{${field}}}`}
                </Button>
              ))}
            </fieldset>
            <Textarea
              id="campaign-body"
              ref={bodyRef}
              rows={6}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              required
            />
          </div>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="campaign-from">
                <Trans>Sender name</Trans>
              </Label>
              <Input
                id="campaign-from"
                value={fromName}
                onChange={(e) => setFromName(e.target.value)}
                maxLength={100}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="campaign-schedule">
                <Trans>Send at (optional)</Trans>
              </Label>
              <Input
                id="campaign-schedule"
                type="datetime-local"
                value={scheduledAt}
                onChange={(e) => setScheduledAt(e.target.value)}
              />
            </div>
          </div>
          <fieldset className="grid grid-cols-1 gap-3 rounded-md border p-3 sm:grid-cols-3" disabled={sent}>
            <legend className="px-1 text-sm font-medium">
              <Trans>Audience</Trans>
            </legend>
            <select
              aria-label={t`Contact status`}
              className={selectClass}
              value={audience.status ?? ''}
              onChange={(e) =>
                setAudience({ ...audience, status: (e.target.value || undefined) as Audience['status'] })
              }
            >
              <option value="">{t`Any status`}</option>
              {contactStatuses.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
            <Input
              aria-label={t`Tag`}
              placeholder={t`Tag`}
              value={audience.tag ?? ''}
              onChange={(e) => setAudience({ ...audience, tag: e.target.value || undefined })}
            />
            <Input
              aria-label={t`Source`}
              placeholder={t`Source`}
              value={audience.source ?? ''}
              onChange={(e) => setAudience({ ...audience, source: e.target.value || undefined })}
            />
          </fieldset>
          {preview.data && (
            <section
              className="space-y-1 rounded-md border bg-muted/30 p-3 text-sm"
              data-testid="campaign-preview"
            >
              <p className="text-muted-foreground">
                <Trans>Recipients now: {formatNumber(preview.data.audienceSize)}</Trans>
              </p>
              <p className="font-medium">{preview.data.subject}</p>
              <p className="whitespace-pre-wrap">{preview.data.body}</p>
            </section>
          )}
          <DialogFooter className="gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => preview.mutate({ subject, body, audience })}
              disabled={preview.isPending}
            >
              <Trans>Preview</Trans>
            </Button>
            <Button type="submit" disabled={save.isPending}>
              <Trans>Save Campaign</Trans>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
