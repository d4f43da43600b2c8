-- Issue 30 §4: a profile image is an image uploaded here, never an address elsewhere (any external image
-- was shown to every member who opened the members list: a third party saw who looked, and when). One per
-- user; PNG, JPEG, WebP or GIF as its first bytes say, at most 2 MB, served back from this origin.
-- A user belongs to no one workspace, so this table has no workspace_id (as users): the routes decide
-- who reads it (the user and the members of a workspace they share).
create table user_profile_images (
  user_id bigint primary key references users(id) on delete cascade,
  content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
  bytes bytea not null check (octet_length(bytes) between 1 and 2097152),
  -- Names the version in the image's URL, so a new picture is never a cached old one.
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  updated_at timestamptz not null default now()
);
-- Already compressed: storing them compressed again would only cost CPU.
alter table user_profile_images alter column bytes set storage external;

-- Addresses elsewhere are not shown any more: their users see their initials until they upload a picture.
update users set profile_image_url = null where profile_image_url is not null;
