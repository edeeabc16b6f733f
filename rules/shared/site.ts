// Which site a request belongs to (SPEC §1): the shop or the staff-feeding program (site id HPSF).

export type SiteId = "d2c" | "hpsf";

export type Site = {
  id: SiteId;
  /** The program's own site id as SPEC §1 names it. */
  programId: "D2C" | "HPSF";
  title: string;
  isStaff: boolean;
};

export function siteFor(id: SiteId, storeName: string): Site {
  return id === "hpsf"
    ? { id, programId: "HPSF", title: "Pro Staff Feeding", isStaff: true }
    : { id, programId: "D2C", title: `Shop ${storeName}`, isStaff: false };
}

/** Host header → site. An unknown host is served as the shop. */
export function siteIdForHost(hostHeader: string | undefined | null, hosts: Map<string, SiteId>): SiteId {
  const host = (hostHeader ?? "")
    .toLowerCase()
    .replace(/:\d+$/, "")
    .replace(/^\[|\]$/g, "");
  return hosts.get(host) ?? "d2c";
}
