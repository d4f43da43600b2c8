import { SelectField } from '@client/components/form/select-field';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { toast } from '@client/components/ui/use-toast';
import { toastError } from '@client/lib/error-toast';
import { useAuth } from '@client/lib/use-auth';
import { hasRole } from '@domain/roles';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader2, Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useContentItems, usePublishContent } from './content-api';

/** The header's Quick Publish (spec 000 §2.3): choose a draft, publish it now. */
export function QuickPublishButton() {
  const [open, setOpen] = useState(false);
  const { user } = useAuth();
  const canWrite = user ? hasRole(user.role, 'member') : false;
  return (
    <>
      <Button size="sm" disabled={!canWrite} onClick={() => setOpen(true)}>
        <Send className="rtl:-scale-x-100" />
        {/* Read by screen readers at every width; shown from sm up, the icon alone on a phone. */}
        <span className="sr-only sm:not-sr-only">
          <Trans>Quick Publish</Trans>
        </span>
      </Button>
      {open && <QuickPublishDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function QuickPublishDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const content = useContentItems();
  const drafts = (content.data ?? []).filter((item) => item.status !== 'published');
  const form = useForm<{ itemId: string }>({ values: { itemId: drafts[0] ? String(drafts[0].id) : '' } });
  const publish = usePublishContent();
  const submit = form.handleSubmit(({ itemId }) =>
    publish.mutate(Number(itemId), {
      onSuccess: (item) => {
        toast({ title: t`Content Published`, description: item.title });
        onClose();
      },
      onError: (error) => toastError(t`Publishing Failed`, error),
    }),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="quick-publish">
        <DialogHeader>
          <DialogTitle>
            <Trans>Quick Publish</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Publish a draft now: its public page and its website's feeds show it at once.</Trans>
          </DialogDescription>
        </DialogHeader>
        {content.isLoading ? (
          <Loader2 className="animate-spin" />
        ) : drafts.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No drafts to publish. Generate content first.</Trans>
          </p>
        ) : (
          <form id="quick-publish-form" onSubmit={submit} noValidate>
            <SelectField
              control={form.control}
              name="itemId"
              label={<Trans>Draft</Trans>}
              options={drafts.map((d) => ({ value: String(d.id), label: d.title }))}
            />
          </form>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          {drafts.length > 0 && (
            <Button type="submit" form="quick-publish-form" disabled={publish.isPending}>
              {publish.isPending ? (
                <Loader2 className="animate-spin" />
              ) : (
                <Send className="rtl:-scale-x-100" />
              )}
              <Trans>Publish</Trans>
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
