import { describe, expect, it } from "vitest";
import { bodyOf, cancel, editable, isSameSitePath, mailsPerPass, parseBody, parseCampaignContent, parseScheduleAt, pause, resume, schedule } from "./campaign";

// A campaign's moves, its body's blocks, where a tracked link may lead, and the send rate.

describe("campaign moves", () => {
  it("schedules a draft only; pauses what is scheduled or sending; resumes to where it was; cancels until it ends", () => {
    expect(schedule("draft")).toEqual({ ok: true, state: "scheduled" });
    expect(schedule("sending")).toMatchObject({ ok: false, code: "NOT_ALLOWED" });
    expect(pause("scheduled")).toEqual({ ok: true, state: "paused" });
    expect(pause("sending")).toEqual({ ok: true, state: "paused" });
    expect(pause("draft")).toMatchObject({ ok: false });
    expect(resume("paused", false)).toEqual({ ok: true, state: "scheduled" });
    expect(resume("paused", true)).toEqual({ ok: true, state: "sending" });
    expect(resume("sent", true)).toMatchObject({ ok: false });
    for (const from of ["draft", "scheduled", "sending", "paused"] as const) expect(cancel(from)).toEqual({ ok: true, state: "cancelled" });
    expect(cancel("sent")).toMatchObject({ ok: false });
    expect(cancel("cancelled")).toMatchObject({ ok: false });
    expect(editable("draft").ok).toBe(true);
    expect(editable("scheduled").ok).toBe(false);
  });
});

describe("the body", () => {
  it("reads headings, paragraphs, product picks, the shop's content and buttons, and writes them back", () => {
    const body = "# Hello\n\nLine one\nline two\n\nproduct: kindred-crest-puppy\n\ncontent: home-puppy\n\nbutton: Shop now | /products/dog";
    const r = parseBody(body);
    expect(r).toEqual({
      ok: true,
      blocks: [
        { type: "heading", text: "Hello" },
        { type: "text", text: "Line one\nline two" },
        { type: "product", handle: "kindred-crest-puppy" },
        { type: "content", key: "home-puppy" },
        { type: "button", label: "Shop now", path: "/products/dog" },
      ],
    });
    expect(r.ok && bodyOf(r.blocks)).toBe(body);
  });

  it("refuses an empty body, a bad handle and a button leading off the shop", () => {
    expect(parseBody(" \n\n ")).toMatchObject({ ok: false });
    expect(parseBody("product: Not A Handle!")).toMatchObject({ ok: false });
    expect(parseBody("content: ../secrets")).toMatchObject({ ok: false });
    expect(parseBody("button: Go | https://evil.example")).toMatchObject({ ok: false });
    expect(parseBody("button: Go | //evil.example")).toMatchObject({ ok: false });
  });

  it("names each wrong content field", () => {
    expect(parseCampaignContent({ name: "", subject: "x".repeat(151), body: "" })).toEqual({
      ok: false,
      errors: { name: "Name the campaign", subject: "Keep the subject under 150 characters", body: "Write the body: at least one paragraph or product" },
    });
    expect(parseCampaignContent({ name: "N", subject: "S", body: "Hi" })).toEqual({
      ok: true,
      content: { name: "N", subject: "S", preheader: "", blocks: [{ type: "text", text: "Hi" }] },
    });
  });
});

describe("links and timing", () => {
  it("lets a tracked link lead to a path of the shop only", () => {
    expect(isSameSitePath("/products/dog?sku=1")).toBe(true);
    expect(isSameSitePath("/")).toBe(true);
    for (const bad of ["//evil.example", "/\\evil.example", "https://evil.example", "javascript:alert(1)", "/a b", ""]) expect(isSameSitePath(bad)).toBe(false);
  });

  it("reads a schedule time in UTC, now when empty, never in the past", () => {
    const now = new Date("2026-11-29T10:00:00Z");
    expect(parseScheduleAt("", now)).toEqual({ ok: true, at: now });
    expect(parseScheduleAt("2026-11-30T08:30", now)).toEqual({ ok: true, at: new Date("2026-11-30T08:30:00Z") });
    expect(parseScheduleAt("2026-11-28T08:30", now)).toMatchObject({ ok: false });
    expect(parseScheduleAt("tomorrow", now)).toMatchObject({ ok: false });
  });

  it("sends the configured rate's worth per pass, at least one batch", () => {
    expect(mailsPerPass(600, 60, 50)).toBe(600);
    expect(mailsPerPass(600, 10, 50)).toBe(100);
    expect(mailsPerPass(10, 1, 50)).toBe(50);
  });
});
