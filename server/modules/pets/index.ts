// The pets module's one door: everything outside server/modules/pets/ imports from here.
export { createPetsService, erasePets, petCounts, petsOfOwners } from "./service";
export type { AddPetResult, Pet, PetsService } from "./service";
