// The clinics module's one door: everything outside server/modules/clinics/ imports from here.
export { seedClinicsIfEmpty } from "./seed";
export { CEDAR_HOLLOW_MOBILE_VETS_GROUP_ID, SPRINGFIELD_ANIMAL_HOSPITAL_GROUP_ID, SPRINGFIELD_PET_CLINIC_GROUP_ID } from "./seed-data";
export { clinicListing, createClinicsService, endMembershipsForErasure } from "./service";
export type { ClinicDirectoryPage, ClinicListing, ClinicSearch, ClinicsService } from "./service";
export type { ClinicView } from "./view";
