import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/components/ui/use-toast';
import { ApiError, errorMessage, readJson, requestJson } from '@client/lib/api';
import { type CurrentUser, setAuthUser } from '@client/lib/use-auth';
import { currentUserSchema } from '@domain/auth/auth-schemas';
import { profileImageField, profileImageTypes } from '@domain/auth/profile-image';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { ImageUp, Loader2, Trash2 } from 'lucide-react';
import { useId, useRef } from 'react';

async function uploadProfileImage(file: File): Promise<CurrentUser> {
  const form = new FormData();
  form.append(profileImageField, file, file.name);
  const response = await fetch('/api/auth/user/profile-image', {
    method: 'POST',
    body: form,
    credentials: 'include',
  });
  if (!response.ok) throw await ApiError.fromResponse(response);
  return readJson(response, currentUserSchema);
}

/**
 * The profile picture: an image uploaded here (PNG, JPEG, WebP or GIF, up to 2 MB) and shown from this
 * origin, or the initials. Never an address elsewhere (issue 30 §4).
 */
export function ProfileImageField({ user, initials }: { user: CurrentUser; initials: string }) {
  const { t } = useLingui();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const done = (updated: CurrentUser, title: string) => {
    setAuthUser(updated);
    toast({ title });
  };
  const upload = useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: (updated) => done(updated, t`Profile image updated`),
    onSettled: () => {
      if (input.current) input.current.value = '';
    },
  });
  const remove = useMutation({
    mutationFn: () => requestJson(currentUserSchema, 'DELETE', '/api/auth/user/profile-image'),
    onSuccess: (updated) => done(updated, t`Profile image removed`),
  });
  const busy = upload.isPending || remove.isPending;
  const failure = upload.error ?? remove.error;
  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar className="h-14 w-14 text-base">
        {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
        <AvatarFallback className="text-base">{initials}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1 space-y-1.5">
        <Label htmlFor={inputId}>
          <Trans>Profile image</Trans>
        </Label>
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={profileImageTypes.join(',')}
            aria-describedby={hintId}
            aria-invalid={Boolean(failure)}
            disabled={busy}
            className="max-w-full text-sm file:me-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload.mutate(file);
            }}
          />
          {upload.isPending && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
          {user.profileImageUrl && (
            <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => remove.mutate()}>
              <Trash2 />
              <Trans>Remove image</Trans>
            </Button>
          )}
        </div>
        <p id={hintId} className="text-xs text-muted-foreground">
          <ImageUp aria-hidden="true" className="me-1 inline size-3.5" />
          <Trans>PNG, JPEG, WebP or GIF, up to 2 MB. Without one, your initials are shown.</Trans>
        </p>
        {failure && (
          <p className="text-xs text-destructive" role="alert">
            {errorMessage(failure)}
          </p>
        )}
      </div>
    </div>
  );
}
