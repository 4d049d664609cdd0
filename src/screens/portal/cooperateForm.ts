// The /cooperate contact form (POST /licence/companyApplication, public): its fields and bounds are the
// contract's CompanyApplicationInput — company name 1–128, contact 1–32, phone 1–18 of digits and hyphens
// (§5), optional email (≤128, an address), purpose (≤500) and machine code (≤128). Optional fields left empty
// are not sent.
export interface CooperateValues {
  companyName: string;
  contact: string;
  phone: string;
  email: string;
  purpose: string;
  machineCode: string;
}

export type CooperateField = keyof CooperateValues;

export const COOPERATE_LIMITS: Record<CooperateField, number> = {
  companyName: 128,
  contact: 32,
  phone: 18,
  email: 128,
  purpose: 500,
  machineCode: 128,
};

export const REQUIRED_FIELDS = ['companyName', 'contact', 'phone'] as const satisfies readonly CooperateField[];

export type CooperateProblem =
  | { key: 'companyNameRequired' | 'contactRequired' | 'phoneRequired' | 'phoneFormat' | 'emailFormat' }
  | { key: 'tooLong'; max: number };

export const emptyCooperateValues: CooperateValues = { companyName: '', contact: '', phone: '', email: '', purpose: '', machineCode: '' };

// What the server's `format: email` accepts in practice: something@host.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9-]+$/;

export function cooperateProblems(values: CooperateValues): Partial<Record<CooperateField, CooperateProblem>> {
  const problems: Partial<Record<CooperateField, CooperateProblem>> = {};
  for (const field of Object.keys(COOPERATE_LIMITS) as CooperateField[]) {
    const value = values[field].trim();
    if (value === '' && (REQUIRED_FIELDS as readonly string[]).includes(field)) {
      problems[field] = { key: `${field as (typeof REQUIRED_FIELDS)[number]}Required` };
    } else if (value.length > COOPERATE_LIMITS[field]) {
      problems[field] = { key: 'tooLong', max: COOPERATE_LIMITS[field] };
    }
  }
  if (!problems.phone && !PHONE.test(values.phone.trim())) problems.phone = { key: 'phoneFormat' };
  if (!problems.email && values.email.trim() !== '' && !EMAIL.test(values.email.trim())) problems.email = { key: 'emailFormat' };
  return problems;
}

/** The request body: trimmed, optional fields only when filled in. */
export function cooperateBody(values: CooperateValues) {
  const body: { companyName: string; contact: string; phone: string; email?: string; purpose?: string; machineCode?: string } = {
    companyName: values.companyName.trim(),
    contact: values.contact.trim(),
    phone: values.phone.trim(),
  };
  for (const field of ['email', 'purpose', 'machineCode'] as const) {
    const value = values[field].trim();
    if (value) body[field] = value;
  }
  return body;
}
