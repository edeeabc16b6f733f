import { describe, expect, it } from "vitest";
import { buildSeedCatalog } from "../modules/catalog";
import { parseConfig } from "../config";
import { runRenewalPass } from "../jobs/autoship-runner";
import { proposeLifeStageSwaps } from "./life-stage-swaps";
import { subscriptionEventsOf } from "../testing/autoship";
import { linesOf, renewalOrdersOf } from "../testing/orders";
import { renewalSuite } from "../testing/renewal-suite";
import { seededVariants } from "../testing/catalog";

// Life-stage swaps on the database, with the renewal engine's clock: nothing the day before a
// puppy is an adult; on the day one proposal, one mail and the account notice; accepting swaps the
// item and the next renewal ships the adult formula; a dismissed proposal never comes back; a pet
// that died is not written about again; another customer cannot answer.

const config = parseConfig({ FREE_SHIPPING_THRESHOLD_CENTS: "4900", PUBLIC_URL: "https://shop.example" });
const t = renewalSuite(config);
const seed = buildSeedCatalog();
const sku = (title: RegExp, flavor: string, weight: number) =>
  seed.products.find((p) => title.test(p.title))!.variants.find((v) => v.flavor === flavor && v.weight === weight)!.sku;
const PUPPY = sku(/^Kindred Crest Everyday Essentials Puppy Dry Dog Food$/, "Chicken & Rice", 15.5);
const ADULT = sku(/^Kindred Crest Everyday Essentials Adult Dry Dog Food$/, "Chicken & Rice", 15.5);

const at = (day: string) => new Date(`${day}T09:00:00Z`);
const pass = (day: string) => runRenewalPass(t.deps, { now: at(day) });

/** A subscription to the puppy formula feeding a medium dog born on `birthday`, due on `nextOrderDate`. */
async function puppyOnAutoship(birthday: string, nextOrderDate: string) {
  const variants = await seededVariants(t.database.db);
  const puppy = variants.find((v) => v.sku === PUPPY)!;
  await t.kit.setAvailable(puppy.id, 50);
  const sub = await t.kit.subscription({ nextOrderDate, variantId: puppy.id, quantity: 2 });
  const added = await t.kit.services.pets.add(sub.customerId, {
    name: "Biscuit",
    species: "dog",
    breedSize: "medium",
    birthday,
    weightLb: 30,
    sensitivities: [],
  });
  if (!added.ok) throw new Error(added.message);
  expect(await t.kit.services.autoship.actExtra(sub.customerId, sub.id, { intent: "link_pet", petId: added.pet.id })).toMatchObject({ ok: true });
  return { sub, pet: added.pet, variants };
}

const proposalMails = async (to: string) => (await t.kit.services.mail.latest({ to, limit: 50 })).filter((m) => m.template === "autoship.lifeStageSwap");
const view = async (customerId: string, id: string) => (await t.kit.services.autoship.get(customerId, id))!;

describe("life-stage swaps", () => {
  it("proposes the adult formula on the day the puppy is an adult, once; accepted, the next renewal ships it", async () => {
    const { sub, variants } = await puppyOnAutoship("2030-03-10", "2031-03-20");
    const adult = variants.find((v) => v.sku === ADULT)!;
    await t.kit.setAvailable(adult.id, 50);

    expect((await pass("2031-03-09")).lifeStageProposals).toBe(0);
    expect((await view(sub.customerId, sub.id)).lifeStageProposal).toBeNull();

    expect((await pass("2031-03-10")).lifeStageProposals).toBe(1);
    // Looked at once a day; the proposal is one per stage whatever the day.
    expect((await pass("2031-03-10")).lifeStageProposals).toBe(0);
    expect((await pass("2031-03-11")).lifeStageProposals).toBe(0);

    const [mail, ...more] = await proposalMails(sub.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe(`Biscuit is an adult now: a food suggestion for your Autoship ${sub.contractId}`);
    expect(mail.text).toContain("We suggest Kindred Crest Everyday Essentials Adult Dry Dog Food, made for adult dogs, from your next delivery.");
    expect(mail.text).toContain(`https://shop.example/account/autoships#sub-${sub.id}`);

    const proposal = (await view(sub.customerId, sub.id)).lifeStageProposal!;
    expect(proposal).toMatchObject({ stage: "adult", reachedOn: "2031-03-10", sku: ADULT, variantTitle: "Chicken & Rice / 15.5 lb Bag" });

    // Only the owner answers.
    const stranger = await t.kit.customer();
    expect(await t.kit.services.autoship.answerLifeStage(stranger.id, proposal.id, "accept")).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect(await t.kit.services.autoship.answerLifeStage(sub.customerId, proposal.id, "accept")).toMatchObject({ ok: true });
    expect(await t.kit.services.autoship.answerLifeStage(sub.customerId, proposal.id, "accept")).toMatchObject({ ok: false, code: "NOT_FOUND" });
    const swapped = await view(sub.customerId, sub.id);
    expect(swapped).toMatchObject({ sku: ADULT, productId: adult.productId, quantity: 2, lifeStageProposal: null });
    expect((await subscriptionEventsOf(t.database.db, [sub.id])).map((e) => e.kind)).toEqual(
      expect.arrayContaining(["life_stage_proposed", "life_stage_swapped"]),
    );

    expect((await pass("2031-03-20")).renewed).toBe(1);
    const [order] = await renewalOrdersOf(t.database.db, sub.id);
    expect((await linesOf(t.database.db, order.id)).map((l) => [l.sku, l.quantity])).toEqual([[ADULT, 2]]);
  });

  it("a dismissed proposal never comes back; a pet that died is not written about again", async () => {
    const kept = await puppyOnAutoship("2030-03-10", "2031-06-20");
    expect((await pass("2031-04-01")).lifeStageProposals).toBeGreaterThanOrEqual(1);
    const proposal = (await view(kept.sub.customerId, kept.sub.id)).lifeStageProposal!;
    expect(await t.kit.services.autoship.answerLifeStage(kept.sub.customerId, proposal.id, "dismiss")).toMatchObject({ ok: true });
    expect(await pass("2031-04-02")).toMatchObject({ lifeStageProposals: 0 });
    expect((await view(kept.sub.customerId, kept.sub.id)).sku).toBe(PUPPY);
    expect(await proposalMails(kept.sub.email)).toHaveLength(1);

    // The same pet fed by two Autoships: one cancelled because it died, the other is not written about.
    const gone = await puppyOnAutoship("2030-05-01", "2031-06-20");
    const second = await t.kit.subscription({
      nextOrderDate: "2031-06-20",
      customerId: gone.sub.customerId,
      email: gone.sub.email,
      variantId: gone.sub.variantId,
    });
    expect(await t.kit.services.autoship.actExtra(gone.sub.customerId, second.id, { intent: "link_pet", petId: gone.pet.id })).toMatchObject({ ok: true });
    expect(await t.kit.services.autoship.act({ customerId: gone.sub.customerId }, gone.sub.id, { intent: "cancel", reason: "pet_passed_away" })).toMatchObject({
      ok: true,
    });
    await pass("2031-05-02");
    expect(await proposalMails(gone.sub.email)).toEqual([]);
  });

  it("a pass narrowed to one customer's Autoships (the browser tests' clock hook) proposes to that customer only", async () => {
    const mine = await puppyOnAutoship("2030-07-01", "2031-09-20");
    const theirs = await puppyOnAutoship("2030-07-01", "2031-09-20");
    const narrowed = (email: string) => proposeLifeStageSwaps(t.deps, at("2031-07-01"), { limit: 50, batchSize: 10, email });
    expect(await narrowed(mine.sub.email)).toBe(1);
    expect(await narrowed(mine.sub.email)).toBe(0);
    expect(await proposalMails(mine.sub.email)).toHaveLength(1);
    expect(await proposalMails(theirs.sub.email)).toEqual([]);
    // The other customer's Autoship was not looked at: the day's pass still proposes to them.
    expect((await pass("2031-07-01")).lifeStageProposals).toBeGreaterThanOrEqual(1);
    expect(await proposalMails(theirs.sub.email)).toHaveLength(1);
  });

  it("the console counts the pets, the swaps proposed and answered, and those coming within 30 days", async () => {
    const before = (await t.kit.services.consoleSubscriptions.saveOffers(30)).retention;
    // Born eleven months and three weeks ago: an adult in about a week, on puppy food.
    const soon = new Date(Date.now() - 350 * 86_400_000).toISOString().slice(0, 10);
    await puppyOnAutoship(soon, "2099-01-01");
    // Born a month ago: months from adulthood.
    await puppyOnAutoship(new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10), "2099-01-01");
    const after = (await t.kit.services.consoleSubscriptions.saveOffers(30)).retention;
    expect(after.petsKept - before.petsKept).toBe(2);
    expect(after.petsWithBirthday - before.petsWithBirthday).toBe(2);
    expect(after.subscriptionsWithPet - before.subscriptionsWithPet).toBe(2);
    expect(after.upcomingSwaps - before.upcomingSwaps).toBe(1);
    expect(after.swaps).toEqual(before.swaps);
    expect(after.combinedDeliveries).toBe(before.combinedDeliveries);
  });
});
