-- `npm run bench` runs this with pgbench (prepared, as the app's statement is) beside the app's
-- contact create, on the same database: the one statement a create sends (src/server/contacts/queries.ts storeCallbackRequest,
-- with the rate limit's hit from src/server/auth/rate-limit.ts hitting), so the ratio of the two throughputs
-- is the app's own cost. Keep it in step with those two functions. (A colon followed by a
-- name inside a literal would be taken for a pgbench variable, hence the key's dashes.) The
-- mails' texts are as long as the app's (640 and 1,211 characters of text, 8,161 and 8,414 of
-- HTML for a bench request), since storing them is part of the cost. Being one letter
-- repeated, they compress better than real mail, which if anything favours pgbench's side.
\set address random(1, 250)
with hit as (
  insert into rate_limits (key, hits, window_ends_at) values ('form-ip-198.51.100.' || :address::text, 1, now() + make_interval(secs => 100000))
    on conflict (key) do update set
      hits = case when rate_limits.window_ends_at < now() then 1 else rate_limits.hits + 1 end,
      window_ends_at = case when rate_limits.window_ends_at < now() then now() + make_interval(secs => 100000) else rate_limits.window_ends_at end
    returning hits, extract(epoch from window_ends_at - now())::float8 as retry_after
), spent as (
  insert into spent_challenges (id, spent, expires_at)
    select md5(random()::text || clock_timestamp()::text), true, now() + make_interval(secs => 600) where exists (select 1 from hit where hits <= 100000)
    on conflict (id) do update set spent = true where spent_challenges.spent = false
    returning id
), contact as (
  insert into contacts (name, email, phone, subject, message, recipient_emails, idempotency_key, request_hash)
    select 'Bench'::text, 'bench@example.ie'::text, '0871234567'::text, 'Van insurance for convicted drivers'::text, 'Benchmark request'::text,
      '{}'::text[], null::uuid, null::text from spent
    returning *
), mail as (
  insert into outbox (id, "to", cc, subject, text, html, reply_to, message_id, ref)
    select gen_random_uuid(), '{sales@shannon-insurance.ie}'::text[], '{}'::text[], 'Callback request: Van insurance for convicted drivers'::text,
      repeat('a', 640), repeat('h', 8161), 'bench@example.ie'::text,
      '<' || gen_random_uuid() || '@outbox>', 'contact' || '-' || contact.id
    from contact
), acknowledgement as (
  insert into outbox (id, "to", cc, subject, text, html, reply_to, message_id, ref)
    select gen_random_uuid(), '{bench@example.ie}'::text[], '{}'::text[], 'Your callback request to Shannon Commercial Insurance'::text,
      repeat('a', 1211), repeat('h', 8414), null::text,
      '<' || gen_random_uuid() || '@outbox>', 'contact' || '-' || contact.id
    from contact
)
select * from hit left join contact on true;
