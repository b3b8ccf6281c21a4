import { describe, expect, it } from "vitest";
import type { MerchantsRepository } from "./merchants.repository.ts";
import { createMerchantsService } from "./merchants.service.ts";

// The seeded merchants' hosts: the demo merchant answers on two, Nimbus Pay on one.
const kestrel = { hosts: ["localhost", "127.0.0.1"] };
const nimbus = { hosts: ["nimbus.localhost"] };

const service = (publicBaseUrl: string) =>
  createMerchantsService({ repository: {} as MerchantsRepository, publicBaseUrl });

describe("customerFacingOrigin", () => {
  const merchants = service("http://localhost:3000");

  it("keeps the host the customer uses when it is one of their merchant's", () => {
    expect(merchants.customerFacingOrigin(kestrel, "127.0.0.1")).toBe("http://127.0.0.1:3000");
    expect(merchants.customerFacingOrigin(kestrel, "localhost")).toBe("http://localhost:3000");
    expect(merchants.customerFacingOrigin(nimbus, "nimbus.localhost")).toBe("http://nimbus.localhost:3000");
  });

  it("reads the host as merchants list theirs: any port, any case", () => {
    expect(merchants.customerFacingOrigin(kestrel, "127.0.0.1:5173")).toBe("http://127.0.0.1:3000");
    expect(merchants.customerFacingOrigin(nimbus, "Nimbus.LocalHost")).toBe("http://nimbus.localhost:3000");
  });

  it("gives the merchant's first host for an unknown host, or none", () => {
    expect(merchants.customerFacingOrigin(nimbus, "evil.example")).toBe("http://nimbus.localhost:3000");
    expect(merchants.customerFacingOrigin(kestrel, "evil.example")).toBe("http://localhost:3000");
    expect(merchants.customerFacingOrigin(nimbus, undefined)).toBe("http://nimbus.localhost:3000");
  });

  it("never gives another merchant's host", () => {
    expect(merchants.customerFacingOrigin(nimbus, "127.0.0.1")).toBe("http://nimbus.localhost:3000");
    expect(merchants.customerFacingOrigin(nimbus, "localhost")).toBe("http://nimbus.localhost:3000");
    expect(merchants.customerFacingOrigin(kestrel, "nimbus.localhost")).toBe("http://localhost:3000");
  });

  it("takes scheme and port from PUBLIC_BASE_URL; a merchant without hosts gets it as it is", () => {
    const https = service("https://wallet.example:8443/ignored/path");
    expect(https.customerFacingOrigin(nimbus, "nimbus.localhost")).toBe("https://nimbus.localhost:8443");
    expect(https.customerFacingOrigin({ hosts: [] }, "nimbus.localhost")).toBe("https://wallet.example:8443");
    expect(service("https://wallet.example").customerFacingOrigin(nimbus, undefined)).toBe(
      "https://nimbus.localhost",
    );
  });
});
