/** Request bodies of the platform calls (docs/rules.md#platform), zod 4 from src/types/schema.ts. */
import { id, int, mobile, money, optText, percent, phone, text, z } from './schema';

export const MAX_VALID_DAYS = 3650;

export const AddCompanyBody = z.object({
  name: text(60),
  ownerName: text(32),
  ownerMobile: mobile(),
  days: int(1, MAX_VALID_DAYS).optional(),
  contact: optText(32),
  address: optText(120),
  remark: optText(200),
});
export type AddCompanyBody = z.output<typeof AddCompanyBody>;

export const SimpleCompanyBody = z.object({ name: text(60), ownerName: text(32), ownerMobile: mobile() });

export const UpdateCompanyBody = z.object({
  id: id(),
  name: text(60),
  contact: optText(32),
  address: optText(120),
  remark: optText(200),
});
export type UpdateCompanyBody = z.output<typeof UpdateCompanyBody>;

export const RenewCompanyBody = z.object({ id: id(), days: int(1, MAX_VALID_DAYS), remark: optText(200) });
export const CompanyIdBody = z.object({ id: id(), remark: optText(200) });
export const ModifyMobileBody = z.object({ id: id(), mobile: mobile() });

export const ImportRowBody = z.object({
  name: text(60),
  ownerName: text(32),
  ownerMobile: mobile(),
  days: int(1, MAX_VALID_DAYS),
  address: optText(120),
  remark: optText(200),
});
export const ImportCompaniesBody = z.object({ rows: z.array(ImportRowBody).min(1).max(500) });

export const PackageBody = z.object({
  name: text(40),
  days: int(1, MAX_VALID_DAYS),
  price: money({ max: 1_000_000 }),
  campuses: int(1, 100),
  description: optText(200),
  nameZh: optText(40),
  descriptionZh: optText(200),
  onSale: z.boolean(),
});
export const UpdatePackageBody = PackageBody.extend({ id: id() });

export const PlatformSettingsBody = z.object({
  feePercent: percent(),
  trialDays: int(1, 365),
  defaultCampuses: int(1, 100),
  defaultCapHours: int(1, 1000),
  defaultCapMonths: int(1, 36),
  welcomeNote: optText(500),
});

export const ServiceContactBody = z.object({ name: text(60), phone: phone(), wechat: text(60) });

export const InvoiceIssueBody = z.object({ id: id(), invoiceNo: optText(40) });
export const InvoiceRejectBody = z.object({ id: id(), reason: text(200) });
