import { describe, expect, it } from "vitest";
import { siteFor } from "../../rules/shared/site";
import { requestContext, resolveIdentity } from "../../server/request-context";
import { testDeps } from "../../server/testing/deps";
import { action } from "./account.pets";

// My Pets: a form with mistakes answers 400 with each message by its field and keeps nothing; a
// write to another customer's pet is "not found".

const env = testDeps();

async function signedIn(email: string) {
  const reg = await env.deps.services.identity.register(
    { firstName: "Pat", lastName: "Doe", email, password: "kibble123", confirmPassword: "kibble123", acceptsMarketing: false },
    "d2c",
  );
  if (!reg.ok) throw new Error("register failed");
  return reg;
}

async function post(token: string, fields: [string, string][]) {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  const request = new Request("http://localhost:3000/account/pets", { method: "POST", body: form, headers: { cookie: `sessionToken=${token}` } });
  const context = requestContext(env.deps, siteFor("d2c", "Kibble & Co."), await resolveIdentity(env.deps, request, null, "d2c"));
  return action({ request, context, params: {} } as never);
}

describe("my pets page", () => {
  it("adds a pet with its sensitivities, and answers 400 naming each field with a mistake", async () => {
    const ann = await signedIn("pets.ann@example.test");
    const added = (await post(ann.token, [
      ["intent", "create"],
      ["name", "Biscuit"],
      ["species", "dog"],
      ["breedSize", "large"],
      ["birthday", "2026-03-01"],
      ["weightLb", "21"],
      ["sensitivities", "chicken"],
      ["sensitivities", "grain"],
    ])) as Response;
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe("/account/pets?saved=added");
    const [pet] = await env.deps.services.pets.list(ann.customerId);
    expect(pet).toMatchObject({ name: "Biscuit", breedSize: "large", sensitivities: ["chicken", "grain"] });

    const wrong = (await post(ann.token, [
      ["intent", "create"],
      ["name", ""],
      ["species", "dog"],
      ["birthday", "2099-01-01"],
    ])) as unknown as { init: { status: number }; data: { errors: Record<string, string> } };
    expect(wrong.init.status).toBe(400);
    expect(wrong.data.errors).toMatchObject({
      name: "Enter your pet's name",
      breedSize: "Choose a breed size",
      birthday: "The birthday cannot be in the future",
    });
    expect(await env.deps.services.pets.list(ann.customerId)).toHaveLength(1);
  });

  it("never changes or removes another customer's pet", async () => {
    const ann = await signedIn("pets.ann2@example.test");
    const bob = await signedIn("pets.bob@example.test");
    await post(ann.token, [
      ["intent", "create"],
      ["name", "Miso"],
      ["species", "cat"],
    ]);
    const [miso] = await env.deps.services.pets.list(ann.customerId);
    for (const fields of [
      [
        ["intent", "delete"],
        ["id", miso!.id],
      ],
      [
        ["intent", "update"],
        ["id", miso!.id],
        ["name", "Taken"],
        ["species", "cat"],
      ],
    ] as [string, string][][]) {
      const answer = await post(bob.token, fields).catch((e: unknown) => e);
      expect((answer as { init?: { status: number } }).init?.status).toBe(404);
    }
    expect((await env.deps.services.pets.list(ann.customerId))[0]).toMatchObject({ name: "Miso" });
  });
});
