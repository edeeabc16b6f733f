import type { ClinicSearchType } from "../../../rules/staff/roles";

export type ClinicSummary = {
  groupID: string;
  clinicID: string;
  name: string;
  kind: "clinic" | "school";
  address: { address1: string; address2: string; city: string; provinceCode: string; zip: string; phone: string };
  homeDeliveryOnly: boolean;
  needsApproval: boolean;
};

export type ClinicFinderData = {
  current: { state: "pending" | "active" | "revoked"; clinic: ClinicSummary; approver: string | null } | null;
  query: { type: ClinicSearchType; q: string };
  results: ClinicSummary[] | null;
  total: number;
  error: string | null;
};
