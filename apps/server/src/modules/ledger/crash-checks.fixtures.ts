import { sql } from 'drizzle-orm';

// The crash test's checks (crash.test.ts): each query finds operations of one kind left half
// done by the kill. A feature that moves value adds its operation to crash-operations and the
// query for it here.

/** Queries that answer the operations found half done (none when all are whole or absent). */
export const WHOLE_OR_ABSENT: Array<{ what: string; query: ReturnType<typeof sql> }> = [
  {
    what: 'a recharge order is paid exactly when its price, diamonds and bonus are in the books, once',
    query: sql`select o.id, o.status, count(t.id)::int as legs from recharge_orders o
               left join ledger_transfers t on t.memo->>'orderId' = o.id::text and t.kind in ('recharge', 'recharge_bonus')
               group by o.id, o.status, o.bonus
               having (o.status = 'paid') <> (count(t.id) = case when o.bonus > 0 then 3 else 2 end) or (o.status <> 'paid' and count(t.id) > 0)`,
  },
  {
    what: 'an exchange moves both of its legs or neither',
    query: sql`select request_id, count(*)::int as legs from ledger_transfers where kind = 'exchange' group by request_id having count(*) <> 2`,
  },
  {
    what: 'a redeemed code has its use taken, its use recorded and its value credited, or none of them',
    query: sql`select c.id, b.uses_per_code, c.uses_left, (select count(*) from redeem_uses u where u.code_id = c.id)::int as uses,
                      (select count(*) from ledger_transfers t where t.kind = 'redeem' and t.memo->>'codeId' = c.id::text)::int as credits
               from redeem_codes c join redeem_batches b on b.id = c.batch_id
               where b.uses_per_code - c.uses_left <> (select count(*) from redeem_uses u where u.code_id = c.id)
                  or (select count(*) from redeem_uses u where u.code_id = c.id) <> (select count(*) from ledger_transfers t where t.kind = 'redeem' and t.memo->>'codeId' = c.id::text)`,
  },
  {
    what: 'a store order has an inventory row and a ledger leg per item, at its prices; no leg or item without its order',
    query: sql`select o.id, jsonb_array_length(o.lines) as lines,
                      (select count(*) from inventory i where i.order_id = o.id)::int as owned,
                      (select count(*) from ledger_transfers t where t.kind = 'store_purchase' and t.memo->>'orderId' = o.id::text)::int as legs
               from store_orders o
               where jsonb_array_length(o.lines) <> (select count(*) from inventory i where i.order_id = o.id)
                  or jsonb_array_length(o.lines) <> (select count(*) from ledger_transfers t where t.kind = 'store_purchase' and t.memo->>'orderId' = o.id::text)
                  or o.total_je <> (select coalesce(sum(t.amount), 0) from ledger_transfers t where t.kind = 'store_purchase' and t.currency = 'JE' and t.memo->>'orderId' = o.id::text)
`,
  },
  {
    what: 'a store purchase leg or an owned item has its order',
    query: sql`select t.id from ledger_transfers t where t.kind = 'store_purchase' and not exists (select 1 from store_orders o where o.id::text = t.memo->>'orderId')
               union all
               select i.item_id from inventory i where i.order_id is null`,
  },
  {
    what: 'a gift send has its payment and its owner share (none when free), and each gift movement its send',
    query: sql`select s.id, s.currency, s.count, s.unit_price, s.owner_share,
                      (select count(*) from ledger_transfers t where t.kind = 'gift' and t.memo->>'giftId' = s.id::text and t.amount = s.count * s.unit_price and t.currency = s.currency)::int as paid,
                      (select count(*) from ledger_transfers t where t.kind = 'gift_share' and t.memo->>'giftId' = s.id::text and t.amount = s.owner_share and t.currency = s.currency)::int as shared,
                      (select count(*) from ledger_transfers t where t.kind in ('gift', 'gift_share') and t.memo->>'giftId' = s.id::text)::int as legs
               from gift_sends s
               where (select count(*) from ledger_transfers t where t.kind in ('gift', 'gift_share') and t.memo->>'giftId' = s.id::text)
                       <> case when s.currency = 'free' then 0 when s.owner_share > 0 then 2 else 1 end
                  or (s.currency <> 'free' and (select count(*) from ledger_transfers t where t.kind = 'gift' and t.memo->>'giftId' = s.id::text and t.amount = s.count * s.unit_price and t.currency = s.currency) <> 1)
                  or (s.owner_share > 0 and (select count(*) from ledger_transfers t where t.kind = 'gift_share' and t.memo->>'giftId' = s.id::text and t.amount = s.owner_share and t.currency = s.currency) <> 1)
`,
  },
  {
    what: 'a gift movement has its send',
    query: sql`select t.id from ledger_transfers t where t.kind in ('gift', 'gift_share') and not exists (select 1 from gift_sends s where s.id::text = t.memo->>'giftId')`,
  },
  {
    what: "a day's free gifts counted are the free gifts sent that day",
    query: sql`select d.sender_id, d.day, d.used, (select coalesce(sum(s.count), 0) from gift_sends s
                 where s.sender_id = d.sender_id and s.currency = 'free' and ((s.created_at at time zone 'UTC') + interval '8 hours')::date = d.day)::int as sent
               from gift_free_days d
               where d.used <> (select coalesce(sum(s.count), 0) from gift_sends s
                 where s.sender_id = d.sender_id and s.currency = 'free' and ((s.created_at at time zone 'UTC') + interval '8 hours')::date = d.day)`,
  },
  {
    what: 'the owner is told of every gift sent to their agent, once',
    query: sql`select s.owner_id, s.sender_id, s.agent_id, count(*)::int as sends from gift_sends s
               group by s.owner_id, s.sender_id, s.agent_id
               having count(*) <> (select count(*) from interact_notices n
                                   where n.kind = 'gift' and n.recipient_id = s.owner_id and n.actor_id = s.sender_id and n.target_id = s.agent_id::text)`,
  },
  {
    what: "a skill's term is what its purchases paid for: bought at least once, and a period's expiry one period per purchase after the first",
    query: sql`select k.agent_id, k.skill_key, k.expires_at, count(t.id)::int as bought from agent_skill_terms k
               left join ledger_transfers t on t.kind = 'skill_purchase' and t.memo->>'agentId' = k.agent_id::text and t.memo->>'skill' = k.skill_key
               group by k.agent_id, k.skill_key, k.expires_at, k.bought_at
               having count(t.id) = 0
                   or (k.expires_at is null and count(t.id) <> 1)
                   or (k.expires_at is not null and abs(extract(epoch from k.expires_at - k.bought_at) - count(t.id) * max((t.memo->>'days')::int) * 86400) > 60)
`,
  },
  {
    what: 'a skill purchase has its term',
    query: sql`select t.id from ledger_transfers t
               where t.kind = 'skill_purchase' and not exists (select 1 from agent_skill_terms k where k.agent_id::text = t.memo->>'agentId' and k.skill_key = t.memo->>'skill')`,
  },
  {
    // (a webhook for an order no longer pending keeps its answer, credited: false, and moves
    // nothing; so does a free gift, whose trace is its send row and the day's count)
    what: 'a spending request is kept only with the movements it made',
    query: sql`select r.id, r.outcome from ledger_requests r
               where not exists (select 1 from ledger_transfers t where t.request_id = r.id) and r.outcome <> '{"credited": false}'::jsonb
                 and r.outcome->'send'->'cost'->>'currency' is distinct from 'free'`,
  },
];
