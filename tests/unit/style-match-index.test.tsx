// The jsdom selector pre-check (tests/support/style-match-index.ts) may only ever answer "cannot
// match" where jsdom's own matcher also says no: over a rendered antd UI (the pages' kinds of
// widgets, open and closed), every style rule is tried against every element both ways; and the
// indexed cascade built on it must give every element exactly the declarations jsdom's cascade gives.
import { render, screen } from "@testing-library/react";
import { Button, Form, Input, Modal, Select, Switch, Table, Tag, Tooltip } from "antd";
import { describe, expect, it } from "vitest";
import { indexedCascade, installIndexedCascade, installStyleMatchIndex, mayMatch } from "../support/style-match-index";

function Widgets() {
  return (
    <Form layout="vertical">
      <Form.Item label="Name" validateStatus="error" help="Name is required">
        <Input />
      </Form.Item>
      <Select open aria-label="Role" value="USER" options={[{ value: "USER", label: "User" }, { value: "ADMIN", label: "Admin" }]} />
      <Switch aria-label="Active" checked />
      <Tooltip title="Verified" open>
        <Tag color="success">Active</Tag>
      </Tooltip>
      <Button type="primary" danger disabled>
        Delete
      </Button>
      <Table rowKey="id" dataSource={[{ id: "1", name: "USDC" }]} columns={[{ key: "name", dataIndex: "name", title: "Token" }]} />
      <Modal open title="Edit Token">
        <Input.TextArea aria-label="Notes" />
      </Modal>
    </Form>
  );
}

function styleRuleSelectors(): string[] {
  const selectors = new Set<string>();
  const visit = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if ("selectorText" in rule && typeof rule.selectorText === "string") selectors.add(rule.selectorText.split(";").pop()!.trim());
      if ("cssRules" in rule) visit((rule as CSSGroupingRule).cssRules);
    }
  };
  for (const sheet of Array.from(document.styleSheets)) visit(sheet.cssRules);
  return [...selectors];
}

describe("style pre-check", () => {
  it("never rules out a selector jsdom's matcher would match", async () => {
    render(<Widgets />);
    await screen.findByText("Edit Token");
    const engine = installStyleMatchIndex(document);
    expect(engine).not.toBeNull();
    // jsdom's getComputedStyle hands the matcher its internal element objects, not the DOM wrappers.
    const implOf = (element: Element) => {
      const symbol = Object.getOwnPropertySymbols(element).find((candidate) => candidate.description === "impl")!;
      return (element as unknown as Record<symbol, Parameters<typeof mayMatch>[1]>)[symbol];
    };
    const check = (selector: string, element: Parameters<typeof mayMatch>[1]) => {
      try {
        return engine!(selector, element).match;
      } catch {
        return false; // a selector jsdom cannot parse never matches in getComputedStyle either
      }
    };

    const selectors = styleRuleSelectors();
    const elements = Array.from(document.querySelectorAll("*"), implOf);
    // The UI is antd's own, so there is something to get wrong.
    expect(selectors.length).toBeGreaterThan(500);
    expect(elements.length).toBeGreaterThan(100);

    const wronglyRuledOut: string[] = [];
    let ruledOut = 0;
    let matched = 0;
    for (const selector of selectors) {
      for (const element of elements) {
        if (mayMatch(selector, element)) {
          if (check(selector, element)) matched++;
          continue;
        }
        ruledOut++;
        if (check(selector, element)) wronglyRuledOut.push(`${selector} ⇢ <${element.localName} class="${element.getAttributeNS(null, "class")}">`);
      }
    }
    expect(wronglyRuledOut).toEqual([]);
    // The matcher really ran (antd's rules do style these elements), and the pre-check does its job:
    // most (rule, element) pairs never reach the matcher.
    expect(matched).toBeGreaterThan(100);
    expect(ruledOut).toBeGreaterThan((selectors.length * elements.length) / 2);
  });

  it("gives every element the declarations jsdom's own cascade gives, in the same order", async () => {
    render(<Widgets />);
    await screen.findByText("Edit Token");
    const jsdomCascade = installIndexedCascade(window);
    const indexed = indexedCascade();
    const jsdomCheck = installStyleMatchIndex(document);
    expect(jsdomCascade).not.toBeNull();
    expect(indexed).not.toBeNull();
    type Impl = Parameters<NonNullable<typeof indexed>>[0];
    const implOf = (node: object) => {
      const symbol = Object.getOwnPropertySymbols(node).find((candidate) => candidate.description === "impl")!;
      return (node as Record<symbol, Impl>)[symbol];
    };
    const doc = implOf(document) as unknown as { _styleCache: unknown; _domSelector: { check: unknown } };
    const text = (declaration: ReturnType<NonNullable<typeof indexed>>) =>
      Array.from(declaration, (property) => `${property}: ${declaration.getPropertyValue(property)} ${declaration.getPropertyPriority(property)}`).join("; ");
    const wrapped = doc._domSelector.check;
    const differences: string[] = [];
    let styled = 0;
    for (const element of Array.from(document.querySelectorAll("*"))) {
      // jsdom unaided (its own matcher, no pre-check), then the index; each from an empty cache.
      doc._styleCache = null;
      doc._domSelector.check = jsdomCheck;
      const expected = text(jsdomCascade!(implOf(element)));
      doc._domSelector.check = wrapped;
      doc._styleCache = null;
      const actual = text(indexed!(implOf(element)));
      if (expected) styled++;
      if (actual !== expected) differences.push(`<${element.localName} class="${element.className}">: ${actual} ≠ ${expected}`);
    }
    doc._styleCache = null;
    expect(differences).toEqual([]);
    expect(styled).toBeGreaterThan(100);
  });

  it("follows style sheets added, grown and removed", () => {
    const element = document.createElement("div");
    element.className = "probe";
    document.body.append(element);
    expect(getComputedStyle(element).display).toBe("block");
    const style = document.createElement("style");
    style.textContent = ".probe { display: none }";
    document.head.append(style);
    expect(getComputedStyle(element).display).toBe("none");
    style.sheet!.insertRule("div.probe { visibility: hidden }", 1);
    element.setAttribute("title", "changed"); // a DOM change: jsdom drops its style cache
    expect(getComputedStyle(element).visibility).toBe("hidden");
    style.remove();
    expect(getComputedStyle(element).display).toBe("block");
    expect(getComputedStyle(element).visibility).toBe("visible");
  });

  it("reads the tag, classes and ids of the rightmost compound only", () => {
    const element = document.createElement("button");
    element.className = "ant-btn ant-btn-primary";
    expect(mayMatch(".ant-modal .ant-btn", element)).toBe(true);
    expect(mayMatch(".ant-btn > span", element)).toBe(false);
    expect(mayMatch("button.ant-btn-primary:not(.ant-btn-dangerous)", element)).toBe(true);
    expect(mayMatch("a.ant-btn", element)).toBe(false);
    expect(mayMatch(".ant-input, .ant-btn", element)).toBe(true);
    expect(mayMatch("#save", element)).toBe(false);
    // Escapes are left to jsdom.
    expect(mayMatch(".w-1\\/2", element)).toBe(true);
  });
});
