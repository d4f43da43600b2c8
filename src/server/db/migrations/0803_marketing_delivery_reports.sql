-- Delivery reports (bounces, complaints; issue 16 §2) name the address a message went to: find the
-- workspace's messages to it without reading them all.
create index marketing_messages_to_email_idx on marketing_messages (workspace_id, to_email);
