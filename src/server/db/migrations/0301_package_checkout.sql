-- The dashboard's pricing tab sells a custom package (base plan + add-ons) as one checkout.
alter table checkout_orders drop constraint checkout_orders_kind_check;
alter table checkout_orders add constraint checkout_orders_kind_check
  check (kind in ('card_product', 'local_business', 'reoss', 'package'));
