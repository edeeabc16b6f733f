import { expect, staffUrl, test } from "./fixtures";
import { APPROVAL_CLINIC, joinClinic, OPEN_CLINIC, registerStaff } from "./journeys";

// The staff site as a program (SPEC §2 gate, §5 registered rule and PD eligibility, §7 clinic
// calls): who may see program prices, how a staff member finds and joins a clinic.

test("a guest reaches only the public pages; the rest lands on registration", async ({ page }) => {
  for (const path of ["/products", "/cart", "/products/dog", "/account/dashboard", "/checkout"]) {
    await page.goto(staffUrl(path));
    await expect(page, path).toHaveURL(staffUrl("/shelter/register"));
  }
  for (const path of ["/", "/faq", "/terms-and-conditions", "/shipping", "/contact-us", "/shelter/login"]) {
    const res = await page.goto(staffUrl(path));
    expect(res?.status(), path).toBe(200);
    await expect(page, path).toHaveURL(staffUrl(path));
  }
});

test("register as a technician, find a Springfield clinic by city, join it, and see program prices", async ({ page }) => {
  await registerStaff(page, { clinic: null });
  // Signed in but not registered: the gate sends every closed page to the clinic step.
  await page.goto(staffUrl("/products"));
  await expect(page).toHaveURL(staffUrl("/shelter/register?step=clinic"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find Your Clinic");

  const search = page.getByRole("search", { name: "Clinic directory" });
  await search.getByLabel("Search by").selectOption("city");
  await search.getByLabel("Search for").fill("Springfield");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("clinic-result-count")).toHaveText(/found/);
  const results = page.getByTestId("clinic-results").getByRole("listitem");
  expect(await results.count()).toBeGreaterThanOrEqual(4);
  for (const text of await results.allInnerTexts()) expect(text).toMatch(/Springfield, [A-Z]{2} \d{5}/);

  await page.getByRole("button", { name: `Join ${OPEN_CLINIC.name}` }).click();
  await expect(page).toHaveURL(staffUrl("/products"));
  await expect(page.getByText("Program price", { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId("pricing-note")).toHaveCount(0);
});

test("an approval clinic leaves the member pending and gated, naming who approves", async ({ page }) => {
  await registerStaff(page, { clinic: APPROVAL_CLINIC });
  await expect(page).toHaveURL(staffUrl("/shelter/register?step=clinic"));
  await expect(page.getByTestId("membership-state")).toContainText("pending");
  await expect(page.getByTestId("membership-state")).toContainText("admin@springfield-pet-clinic.clinic.example");
  await page.goto(staffUrl("/cart"));
  await expect(page).toHaveURL(staffUrl("/shelter/register?step=clinic"));
});

test("My Clinic: switch to another clinic, with the move kept in the history", async ({ page }) => {
  await registerStaff(page);
  await page.goto(staffUrl("/account/my-clinic"));
  await expect(page.getByTestId("current-clinic")).toContainText(OPEN_CLINIC.name);
  await joinClinic(page, {
    groupId: "G500003",
    name: "Cedar Hollow Mobile Vets",
  });
  await expect(page.getByTestId("current-clinic")).toContainText("Cedar Hollow Mobile Vets");
  await expect(page.getByTestId("membership-state")).toContainText("orders ship to your home");
  await expect(page.getByTestId("clinic-history")).toContainText(`Switched away — ${OPEN_CLINIC.name}`);
  // Leaving unregisters at once: the catalogue is closed again.
  await page.getByRole("button", { name: "Leave this clinic" }).click();
  await expect(page).toHaveURL(staffUrl("/shelter/register?step=clinic"));
  await page.goto(staffUrl("/products"));
  await expect(page).toHaveURL(staffUrl("/shelter/register?step=clinic"));
});

test("PD eligibility off: a student member sees shop prices and why", async ({ page }) => {
  await registerStaff(page, {
    role: "Student",
    student: {
      year: "2028",
      school: "Northfield College of Veterinary Medicine",
    },
  });
  await expect(page).toHaveURL(staffUrl("/products"));
  await expect(page.getByTestId("pricing-note")).toHaveText(/your account group pays shop prices/);
  await expect(page.getByText("Program price", { exact: true })).toHaveCount(0);
  const cookies = await page.context().cookies(staffUrl("/"));
  expect(cookies.find((c) => c.name === "isEligibleForPd")?.value).toBe("false");
});

test("registration asks students for their year and school, and names each missing field", async ({ page }) => {
  await page.goto(staffUrl("/shelter/register"));
  const form = page.getByTestId("register-form");
  await expect(form.getByLabel("Graduation year")).toHaveCount(0);
  await form.getByLabel("Your role").selectOption({ label: "Student" });
  await expect(form.getByLabel("Graduation year")).toBeVisible();
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(form.getByText("Enter your graduation year")).toBeVisible();
  await expect(form.getByText("Enter your school")).toBeVisible();
  await expect(form.getByText("Accept the program terms to join")).toBeVisible();
});

test.describe("identity calls", () => {
  // The call made with a bad JWT answers 401, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test("the identity JWT opens search-clinic, fetch-address and join-clinic from the browser", async ({ page }) => {
    await registerStaff(page, { clinic: null });
    const answers = await page.evaluate(async () => {
      const post = async (path: string, body: unknown) => {
        const res = await fetch(path, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: await res.json() };
      };
      const jwt = (await post("/api/identity/jwt", {})).body.id_token as string;
      const noJwt = await post("/api/identity/search-clinic", {
        searchType: "zip",
        searchTerm: "62701",
        jwt: "not-a-jwt",
      });
      const search = await post("/api/identity/search-clinic", {
        searchType: "groupId",
        searchTerm: "G500001",
        jwt,
      });
      const address = await post("/api/identity/fetch-address", {
        clinicID: "CL100001",
        jwt,
      });
      const join = await post("/api/identity/join-clinic", {
        groupID: "G500001",
        jwt,
      });
      return { noJwt, search, address, join };
    });
    expect(answers.noJwt.status).toBe(401);
    expect(answers.noJwt.body.errorCode).not.toBe(0);
    expect(answers.search.body.results.map((c: { clinicID: string }) => c.clinicID)).toEqual(["CL100001"]);
    expect(answers.address.body).toMatchObject({
      errorCode: 0,
      clinicID: "CL100001",
      address: { city: "Springfield", provinceCode: "IL" },
    });
    expect(answers.join.body).toMatchObject({
      errorCode: 0,
      state: "active",
      registered: true,
    });
    await page.goto(staffUrl("/products"));
    await expect(page).toHaveURL(staffUrl("/products"));
  });
});
