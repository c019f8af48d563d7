import { DEFAULT_RATES, type Khaiwal, type KhaiwalRates } from '@satta/shared/domain/agents';
import type { AgentForm } from '@satta/shared/domain/validation';

/** The khaiwal form's fields, all text so every input stays controlled. */
export interface KhaiwalDraft extends AgentForm {
  phone2: string;
  customTimings: [string, string][];
  customRates: KhaiwalRates;
}

export function emptyKhaiwalDraft(): KhaiwalDraft {
  return {
    name: '',
    phone: '',
    phone2: '',
    wa: '',
    site: '',
    payment: '',
    customTimings: [],
    customRates: { ...DEFAULT_RATES },
  };
}

/** Edit mode starts from a copy of the record, so typing never touches the listed agent. */
export function khaiwalDraft(agent: Khaiwal): KhaiwalDraft {
  return {
    name: agent.name,
    phone: agent.phone,
    phone2: agent.phone2 ?? '',
    wa: agent.wa,
    site: agent.site,
    payment: agent.payment,
    customTimings: agent.customTimings.map(([game, time]) => [game, time]),
    customRates: { ...agent.customRates },
  };
}
