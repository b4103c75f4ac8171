import { type Kysely, sql } from "kysely";

/**
 * Topics and careers (issue 14 point 4).
 * - `topics`: the chain's articles (news, recipes, how the dough is made), one row per slug and language: a title, a
 *   summary for the list and a Markdown body, rendered on the server (server/content/markdown.ts). An article shows
 *   from its `published_at` on (server/clock.ts: a later date schedules it).
 * - `job_openings`: openings by outlet, title and Markdown description per language ({es, en, ar?} as the catalogue's
 *   names), open or closed; `code` is the seed's natural key.
 * - `job_applications`: an application to an opening with its CV, a PDF of at most 2 MiB kept as bytea.
 * - `mail_outbox.attachment`: a reference ("job_application:<id>") the sender resolves to a file when it sends, so the
 *   outbox row stays small and the CV is stored once (server/mail/attachments.ts).
 * Statements run one by one: PGlite's extended protocol takes one statement per query.
 */
const up_statements = [
  `create table topics (
    slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 80),
    lng text not null check (lng in ('es', 'en', 'ar')),
    title text not null check (char_length(title) between 1 and 160),
    summary text not null default '' check (char_length(summary) <= 400),
    body text not null check (char_length(body) <= 50000),
    published_at timestamptz not null,
    updated_at timestamptz not null default now(),
    primary key (slug, lng)
  )`,
  `create index topics_by_date on topics (lng, published_at desc)`,
  `create table job_openings (
    id serial primary key,
    code text not null unique check (code ~ '^[A-Z0-9][A-Z0-9-]{0,39}$'),
    outlet_id integer not null references outlets (id),
    title jsonb not null,
    description jsonb not null,
    open boolean not null default true,
    position integer not null default 0,
    created_at timestamptz not null default now()
  )`,
  `create index job_openings_open on job_openings (outlet_id, position) where open`,
  `create table job_applications (
    id serial primary key,
    opening_id integer not null references job_openings (id),
    name text not null check (char_length(name) between 1 and 120),
    email text not null check (char_length(email) between 3 and 254),
    phone text not null check (char_length(phone) between 10 and 12),
    message text not null default '' check (char_length(message) <= 2000),
    lng text not null check (lng in ('es', 'en', 'ar')),
    cv bytea not null check (octet_length(cv) between 5 and 2097152),
    cv_filename text not null check (char_length(cv_filename) between 1 and 120),
    created_at timestamptz not null
  )`,
  `create index job_applications_opening on job_applications (opening_id, created_at desc)`,
  `alter table mail_outbox add column attachment text check (attachment ~ '^[a-z_]{1,40}:[0-9]{1,10}$')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of up_statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("alter table mail_outbox drop column if exists attachment").execute(db);
  await sql.raw("drop table if exists job_applications").execute(db);
  await sql.raw("drop table if exists job_openings").execute(db);
  await sql.raw("drop table if exists topics").execute(db);
}
