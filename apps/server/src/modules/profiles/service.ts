import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { errorCodeOf, isUniqueViolation } from "../../db/errors.ts";
import { mergedMetadata, newMetadata } from "../../db/metadata.ts";
import { selectPage } from "../../db/page.ts";
import { asText, isoTimestampText, preparedStatement, rawRows } from "../../db/prepared.ts";
import { type EventProfile, profiles } from "../../db/schema/index.ts";
import { conflict, forbidden, notFound, ValidationError } from "../../http/errors.ts";
import { ID_PREFIXES, newId } from "../../http/ids.ts";
import { jsonString } from "../../http/json-text.ts";
import type { Pagination } from "../../http/pagination.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import type { EnvironmentRow } from "../environments/service.ts";
import { eventCtes, recordEvent } from "../events/service.ts";
import type { ProfileCreateInput, ProfileFieldsInput, ProfileView } from "./schemas.ts";

export type ProfileRow = typeof profiles.$inferSelect;

export const PROFILE_DELETE_QUEUE = "profiles.delete";

export function toProfileView(row: ProfileRow): ProfileView {
  const hasNames = row.firstName !== null || row.lastName !== null;
  return {
    id: row.id,
    uuid: row.uuid,
    metadata: row.metadata,
    email: row.email,
    phone: row.phone,
    name: row.name,
    names: hasNames
      ? {
          full: [row.firstName, row.lastName].filter(Boolean).join(" "),
          first: row.firstName,
          last: row.lastName,
        }
      : null,
    dateOfBirth: row.dateOfBirth,
    address: row.address,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The profile as events carry it (ProfileBase). */
export const toEventProfile = (row: ProfileRow): EventProfile => ({
  id: row.id,
  uuid: row.uuid,
  metadata: row.metadata,
});

/**
 * Only the fields the caller sent change; `null` clears a field, and a name's part not sent
 * stays as it is. Derived fields are never input.
 */
function toColumns(input: ProfileFieldsInput): Partial<typeof profiles.$inferInsert> {
  const columns: Partial<typeof profiles.$inferInsert> = {};
  if (input.email !== undefined) columns.email = input.email;
  if (input.phone !== undefined) columns.phone = input.phone;
  if (input.name !== undefined) columns.name = input.name;
  if (input.dateOfBirth !== undefined) columns.dateOfBirth = input.dateOfBirth;
  if (input.address !== undefined) columns.address = input.address;
  if (input.metadata !== undefined) columns.metadata = input.metadata as Record<string, string> | null;
  if (input.names === null) {
    columns.firstName = null;
    columns.lastName = null;
  } else if (input.names !== undefined) {
    if (input.names.first !== undefined) columns.firstName = input.names.first;
    if (input.names.last !== undefined) columns.lastName = input.names.last;
  }
  return columns;
}

/**
 * The UPDATE that saves the fields sent onto the profile `profileId` names (a value, or an SQL
 * expression such as a subquery of the statement it is part of); undefined when nothing was sent.
 */
export function profileUpdate(db: Database, input: ProfileFieldsInput, profileId: string | SQL) {
  const columns = toColumns(input);
  if (Object.keys(columns).length === 0) return undefined;
  // Metadata sent is merged into the profile's (a key sent as null removed); the other fields replace.
  const metadata =
    input.metadata !== undefined
      ? { metadata: mergedMetadata(profiles.metadata, input.metadata as Record<string, unknown> | null) }
      : {};
  return db
    .update(profiles)
    .set({ ...columns, ...metadata, updatedAt: new Date() })
    .where(sql`${profiles.id} = ${profileId}`);
}

/**
 * The column a profile key names: ids are `p_…` and a uuid never is (uuids are UUIDs, checked
 * on the way in), so a lookup reads the one unique index it needs — never both and a merge of
 * them, as `id = … or uuid = …` would on every read.
 */
type KeyColumn = "id" | "uuid";
const PROFILE_ID_START = `${ID_PREFIXES.profile}_`;
const keyColumn = (idOrUuid: string): KeyColumn => (idOrUuid.startsWith(PROFILE_ID_START) ? "id" : "uuid");

/** A uuid in capitals names the same profile: uuids are stored lowercase (migration 0030). */
function byKey(environmentId: string | Placeholder, column: KeyColumn, idOrUuid: string | Placeholder) {
  return and(
    eq(profiles.environmentId, environmentId),
    column === "id" ? eq(profiles.id, idOrUuid) : eq(profiles.uuid, sql`lower(${idOrUuid})`),
  );
}

/** A statement prepared once for each column a key may name; called with the key, it picks. */
function preparedByKey<T>(
  build: (db: Database, column: KeyColumn) => T,
): (db: Database, idOrUuid: string) => T {
  const statements = {
    id: preparedStatement((db) => build(db, "id")),
    uuid: preparedStatement((db) => build(db, "uuid")),
  };
  return (db, idOrUuid) => statements[keyColumn(idOrUuid)](db);
}

const profileQuery = (
  db: Database,
  column: KeyColumn,
  environmentId: string | Placeholder,
  idOrUuid: string | Placeholder,
) =>
  db
    .select()
    .from(profiles)
    .where(byKey(environmentId, column, idOrUuid))
    .limit(1);

/** Every route that checks a profile: prepared. */
const profileByKey = preparedByKey((db, column) =>
  profileQuery(db, column, sql.placeholder("environmentId"), sql.placeholder("idOrUuid")).prepare(
    `weft_profile_by_${column}`,
  ),
);

/** The profile's columns as the JSON of its view needs them (text; `profileJson` writes the body). */
const PROFILE_TEXT = {
  id: asText(profiles.id, "id"),
  uuid: asText(profiles.uuid, "uuid"),
  metadata: asText(profiles.metadata, "metadata"),
  email: asText(profiles.email, "email"),
  phone: asText(profiles.phone, "phone"),
  name: asText(profiles.name, "name"),
  firstName: asText(profiles.firstName, "firstName"),
  lastName: asText(profiles.lastName, "lastName"),
  dateOfBirth: asText(profiles.dateOfBirth, "dateOfBirth"),
  address: asText(profiles.address, "address"),
  createdAt: asText(isoTimestampText(profiles.createdAt), "createdAt"),
  updatedAt: asText(isoTimestampText(profiles.updatedAt), "updatedAt"),
  deleting: sql<boolean>`${profiles.deletingAt} is not null`.as("deleting"),
};
type ProfileText = {
  [Column in Exclude<keyof typeof PROFILE_TEXT, "deleting">]: string | null;
} & { id: string; uuid: string; deleting: boolean };

/** The hot read (GET /v1/profiles/{id}), as text. */
const profileTextByKey = preparedByKey((db, column) =>
  db
    .select(PROFILE_TEXT)
    .from(profiles)
    .where(byKey(sql.placeholder("environmentId"), column, sql.placeholder("idOrUuid")))
    .prepare(`weft_profile_text_by_${column}`),
);

/**
 * A live profile of this environment as the JSON of its view (`toProfileView`'s, key for key;
 * metadata and address as PostgreSQL writes jsonb), or 404; one being deleted is a 409. Nothing
 * is parsed or serialised on the way: the read the API answers most.
 */
export async function profileJson(db: Database, environmentId: string, idOrUuid: string): Promise<string> {
  const [row] = await rawRows<ProfileText>(profileTextByKey(db, idOrUuid), { environmentId, idOrUuid });
  if (!row) throw notFound("Profile", idOrUuid);
  if (row.deleting) throw profileBeingDeleted(row.id);
  const { firstName, lastName } = row;
  const names =
    firstName !== null || lastName !== null
      ? `{"full":${jsonString([firstName, lastName].filter(Boolean).join(" "))},` +
        `"first":${jsonString(firstName)},"last":${jsonString(lastName)}}`
      : "null";
  return (
    `{"id":${jsonString(row.id)},"uuid":${jsonString(row.uuid)},"metadata":${row.metadata ?? "null"},` +
    `"email":${jsonString(row.email)},"phone":${jsonString(row.phone)},"name":${jsonString(row.name)},` +
    `"names":${names},"dateOfBirth":${jsonString(row.dateOfBirth)},"address":${row.address ?? "null"},` +
    `"createdAt":${jsonString(row.createdAt)},"updatedAt":${jsonString(row.updatedAt)}}`
  );
}

/** 409 for anything of a profile whose deletion has been accepted. */
export const profileBeingDeleted = (profileId: string) =>
  conflict(`Profile ${profileId} is being deleted`, "Create a new profile instead; this one is going away.");

/** A live profile of this environment, or 404; one being deleted is a 409. */
export async function findLiveProfile(
  db: Database,
  environmentId: string,
  idOrUuid: string,
  options: { forUpdate?: boolean } = {},
): Promise<ProfileRow> {
  const [row] = options.forUpdate
    ? await profileQuery(db, keyColumn(idOrUuid), environmentId, idOrUuid).for("update")
    : await profileByKey(db, idOrUuid).execute({ environmentId, idOrUuid });
  if (!row) throw notFound("Profile", idOrUuid);
  if (row.deletingAt) throw profileBeingDeleted(row.id);
  return row;
}

/** What `weft_sandbox_profile_id` raises at the cap. */
const PROFILE_CAP_REACHED = "WF403";

const profileCapReached = (sandboxLimit: number) =>
  forbidden(
    `This SANDBOX environment has reached its limit of ${sandboxLimit} profiles`,
    "Delete profiles you no longer need, or use a TEST environment, which has no profile limit.",
  );

const uuidTaken = (uuid: string) =>
  conflict(`The uuid ${uuid} is not available`, "Use another uuid, or omit it and one will be generated.");

/**
 * Create a profile. One statement writes it and its profile.created event with the event's
 * deliveries, then what `then` adds: the CTEs of a change made with the profile and the
 * statement's final select (a first session: sessions/service.ts), whose rows come back. The row
 * is made here, its timestamps too, so the event can carry it. In a SANDBOX environment the
 * statement takes the profile's id from `weft_sandbox_profile_id` (migration 0029), which
 * locks the environment and counts its profiles first: at the cap, nothing is written.
 */
export async function createProfile<Row = never>(
  db: Database,
  environment: EnvironmentRow,
  input: ProfileCreateInput,
  sandboxLimit: number,
  then?: (profile: ProfileRow) => SQL,
): Promise<{ profile: ProfileRow; rows: Row[] }> {
  const now = new Date();
  const profile: ProfileRow = {
    ...NO_FIELDS,
    ...toColumns(input),
    metadata: newMetadata(
      input.metadata as Record<string, unknown> | null | undefined,
    ) as ProfileRow["metadata"],
    id: newId("profile"),
    environmentId: environment.id,
    uuid: input.uuid?.toLowerCase() ?? randomUUID(),
    createdAt: now,
    updatedAt: now,
    deletingAt: null,
  };
  const event = eventCtes(newId("event"), {
    environmentId: environment.id,
    type: "profile.created",
    profile: toEventProfile(profile),
    record: toProfileView(profile),
  });
  const id =
    environment.mode === "SANDBOX"
      ? sql`weft_sandbox_profile_id(${environment.id}::text, ${sandboxLimit}::integer, ${profile.id}::text)`
      : profile.id;
  const insert = db
    .insert(profiles)
    .values({ ...profile, id })
    .getSQL();
  const statement = sql`with created as (${insert}), ${event} ${then ? sql`, ${then(profile)}` : sql`select 1`}`;
  try {
    const { rows } = (await db.execute(statement)) as unknown as { rows: Row[] };
    return { profile, rows };
  } catch (error) {
    // The unique index on (environment, uuid) decides, also between concurrent creates.
    if (isUniqueViolation(error, "profiles_environment_uuid_idx")) throw uuidTaken(profile.uuid);
    if (errorCodeOf(error) === PROFILE_CAP_REACHED) throw profileCapReached(sandboxLimit);
    throw error;
  }
}

/** A profile's fields before any is set. */
const NO_FIELDS = {
  email: null,
  phone: null,
  name: null,
  firstName: null,
  lastName: null,
  dateOfBirth: null,
  address: null,
  metadata: null,
} satisfies Partial<ProfileRow>;

export const UUID_UNCHANGEABLE = "UUID cannot be changed on an existing profile";

/**
 * `sentUuid`: a uuid the update was sent with (an update has none of its own: a profile read
 * can be sent back), refused when it is not the profile's own — as issuing a session refuses it.
 */
export async function updateProfile(
  tx: Database,
  environmentId: string,
  idOrUuid: string,
  input: ProfileFieldsInput,
  sentUuid?: unknown,
): Promise<ProfileRow> {
  const current = await findLiveProfile(tx, environmentId, idOrUuid, { forUpdate: true });
  if (sentUuid !== undefined && (typeof sentUuid !== "string" || sentUuid.toLowerCase() !== current.uuid))
    throw ValidationError.of("uuid", UUID_UNCHANGEABLE);
  const update = profileUpdate(tx, input, current.id);
  return update ? (await update.returning())[0]! : current;
}

export async function listProfiles(db: Database, environmentId: string, page: Pagination) {
  // A profile being deleted is already gone for the list, as it is for the profile cap.
  const where = and(eq(profiles.environmentId, environmentId), isNull(profiles.deletingAt));
  const { rows, total } = await selectPage(
    db,
    profiles,
    where,
    [desc(profiles.createdAt), desc(profiles.id)],
    page,
  );
  return { rows, total };
}

/** Mark the profile as being deleted and enqueue the deletion; it answers 409 until gone. */
export async function requestProfileDeletion(tx: Database, environmentId: string, idOrUuid: string) {
  const [row] = await tx
    .select()
    .from(profiles)
    .where(byKey(environmentId, keyColumn(idOrUuid), idOrUuid))
    .limit(1)
    .for("update");
  if (!row) throw notFound("Profile", idOrUuid);
  // Already being deleted: a repeat answers as the first did and queues nothing.
  if (row.deletingAt) return;
  await tx.update(profiles).set({ deletingAt: new Date() }).where(eq(profiles.id, row.id));
  await enqueueJob(tx, PROFILE_DELETE_QUEUE, { profileId: row.id });
}

/** The deletion job: remove the profile (sessions cascade) and record profile.deleted. */
export async function deleteProfileNow(tx: Database, profileId: string): Promise<void> {
  const [row] = await tx.select().from(profiles).where(eq(profiles.id, profileId)).for("update");
  if (!row) return;
  await tx.delete(profiles).where(eq(profiles.id, profileId));
  await recordEvent(tx, {
    environmentId: row.environmentId,
    type: "profile.deleted",
    profile: toEventProfile(row),
    record: toProfileView(row),
  });
}

/** The oldest live profile of the environment with this email (any case) or E.164 phone. */
export async function findProfileByContact(
  db: Database,
  environmentId: string,
  contact: { channel: "email" | "phone"; value: string },
): Promise<ProfileRow | undefined> {
  // The API keeps emails as sent; they match whatever their case.
  const matches =
    contact.channel === "email"
      ? sql`lower(${profiles.email}) = ${contact.value.toLowerCase()}`
      : eq(profiles.phone, contact.value);
  const [row] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.environmentId, environmentId), matches, isNull(profiles.deletingAt)))
    .orderBy(profiles.createdAt)
    .limit(1);
  return row;
}
