-- The storefront's item statement (items.repository.ts, findVisibleByIds) for pgbench,
-- unnamed against prepared, a different item each run:
--   pgbench -n -M extended -c 8 -j 2 -T 5 -f bench/item-statement.sql <database url>
--   pgbench -n -M prepared -c 8 -j 2 -T 5 -f bench/item-statement.sql <database url>
\set id random(1, 95000)
select "i"."id", "i"."title", "i"."description", "i"."status", "i"."price_cents", "i"."price_source", "i"."created_at", "i"."published_at", "i"."sold_at", "c"."id" as "category_id", "c"."name" as "category_name", "c"."slug" as "category_slug", (
  SELECT coalesce(json_agg(json_build_object(
           'id', im.id, 'path', im.path, 'width', im.width, 'height', im.height,
           'position', im.position, 'has_original', im.original_image_path IS NOT NULL,
           'variants', im.variants)
         ORDER BY im.position, im.id), '[]'::json)
  FROM item_images im WHERE im.item_id = i.id) as "images", "i"."tag_ids" from "items" as "i" left join "categories" as "c" on "c"."id" = "i"."category_id" where "i"."id" = ANY(ARRAY[CAST(:id AS integer)]) and "i"."status" <> 'pending';
