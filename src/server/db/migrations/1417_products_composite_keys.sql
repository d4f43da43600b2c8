-- Products keyed by workspace (issue 35, as 1400 did for reports). No table points at a product by a
-- foreign key; its own reference to its website is already composite.
alter table products drop constraint products_pkey, add constraint products_pkey primary key (workspace_id, id);
