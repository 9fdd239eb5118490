/** Request bodies of campus management (docs/rules.md#permission-groups-and-data-scope, #campuses-and-online-sales), as zod schemas (src/types/schema.ts). */
import { bool, id, ids, int, mobile, oneOf, optText, phone, text, z } from './schema';
import { PERMISSION_FLAGS } from './session';
import { DATA_SCOPES } from '../domain/dataScope';
import { CONTRACT_LANGS } from './campus';

const flag = z.union([z.literal(0), z.literal(1)]);
export const FlagsBody = z.object(Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, flag])) as Record<(typeof PERMISSION_FLAGS)[number], typeof flag>);

export const PermissionGroupBody = z.object({ name: text(32), flags: FlagsBody, dataScope: oneOf(DATA_SCOPES) });
export const PermissionGroupUpdateBody = PermissionGroupBody.extend({ id: id() });

export const AssignGroupBody = z.object({ staffIds: ids(500), groupId: id() });

export const CampusBody = z.object({ name: text(40), address: text(120), phone: phone() });
export const CampusUpdateBody = CampusBody.extend({ id: id() });
export const CampusIdBody = z.object({ id: id() });
export const CampusRenewBody = z.object({ id: id(), packageId: id() });

/**
 * `password` is a first password for a new account (required then, 400 naming the mobile); for a mobile that already
 * has an account it is ignored: the person is invited instead (mock/domains/invitations.ts, docs/rules.md#people-and-credentials).
 */
export const CreateStaffAccountBody = z.object({ staffId: id(), mobile: mobile(), password: z.string().min(6).max(32).optional() });
export const ResetPasswordBody = z.object({ roleId: id(), password: z.string().min(6).max(32) });
export const AccountIdBody = z.object({ roleId: id() });

export const ParentAccountBody = z.object({ name: text(32), mobile: mobile(), password: z.string().min(6).max(32).optional(), studentIds: ids(20) });
export const ParentLinkBody = z.object({ roleId: id(), studentIds: ids(20) });

export const SettingsBody = z.object({
  truantConsumes: bool(),
  leaveConsumes: bool(),
  allowNegative: bool(),
  leadPoolDays: int(1, 365),
  leadOwnLimit: int(1, 10000),
  lowHoursThreshold: int(0, 100),
  expiryReminderDays: int(1, 365),
  onlineMaxHours: int(1, 1000),
  onlineMaxMonths: int(1, 60),
});

/** The company's logo: an image data URL (PNG, JPEG, GIF, WebP; ≤ 2 MB, checked by `checkImageDataUrl`). */
export const LogoBody = z.object({ logo: z.string().max(3_000_000) });
export const ThemeColorBody = z.object({ color: z.string().refine((s) => /^#[0-9a-fA-F]{6}$/.test(s), { params: { key: 'v.color' } }) });

export const WebPageBody = z.object({
  campusId: id(),
  title: text(60),
  intro: text(2000),
  photos: z.array(z.string().max(500)).max(9),
  address: text(120),
  phone: phone(),
  published: bool(),
  templateIds: ids(50, 0),
});

export const PublicOrderBody = z.object({
  templateId: id(),
  parentName: text(32),
  mobile: mobile(),
  studentName: text(32),
});

/** A sign-up on the public page: who to call back. */
export const PublicSignupBody = PublicOrderBody.pick({ parentName: true, mobile: true });
export const PublicPayBody = z.object({ orderNo: text(32) });

export const InvoiceBody = z.object({ orderId: id(), title: text(100), taxNo: z.string().regex(/^[0-9A-Z]{15,20}$/), email: z.email().max(100) });

export const ContractBody = z.object({ name: text(40), body: text(5000), isDefault: bool(), lang: oneOf(CONTRACT_LANGS).optional() });
export const ContractUpdateBody = ContractBody.extend({ id: id() });

export const OptTextBody = z.object({ reason: optText(200) });
