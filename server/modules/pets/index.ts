// The pets module's one door: everything outside server/modules/pets/ imports from here.
export { createPetsService, erasePets, petsOfOwners } from "./service";
export type { AddPetResult, Pet, PetsService } from "./service";
