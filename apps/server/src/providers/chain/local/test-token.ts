import { createRequire } from "node:module";
import type { Abi, Hex } from "viem";

// A minimal ERC-20 with the currency's decimals, compiled by solc-js (the compiler ships inside
// its npm package: nothing is downloaded). For the local node only: tests and CHAINS=local.
const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract TestToken {
  string public name; string public symbol; uint8 public decimals; uint256 public totalSupply;
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;
  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);
  constructor(string memory n, string memory s, uint8 d, uint256 supply) {
    name = n; symbol = s; decimals = d; totalSupply = supply; balanceOf[msg.sender] = supply;
    emit Transfer(address(0), msg.sender, supply);
  }
  function transfer(address to, uint256 v) external returns (bool) { _move(msg.sender, to, v); return true; }
  function approve(address sp, uint256 v) external returns (bool) {
    allowance[msg.sender][sp] = v; emit Approval(msg.sender, sp, v); return true;
  }
  function transferFrom(address f, address to, uint256 v) external returns (bool) {
    require(allowance[f][msg.sender] >= v, "allowance"); allowance[f][msg.sender] -= v; _move(f, to, v); return true;
  }
  function _move(address f, address to, uint256 v) internal {
    require(balanceOf[f] >= v, "balance"); balanceOf[f] -= v; balanceOf[to] += v; emit Transfer(f, to, v);
  }
}`;

let compiled: { abi: Abi; bytecode: Hex } | undefined;

/** The token's ABI and creation bytecode (compiled once per process). */
export function testTokenArtifact(): { abi: Abi; bytecode: Hex } {
  if (compiled) return compiled;
  const solc = createRequire(import.meta.url)("solc") as { compile(input: string): string };
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: "Solidity",
        sources: { "TestToken.sol": { content: SOURCE } },
        settings: {
          evmVersion: "cancun",
          outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
        },
      }),
    ),
  );
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === "error");
  if (errors.length > 0) throw new Error(`solc: ${JSON.stringify(errors)}`);
  const token = output.contracts["TestToken.sol"].TestToken;
  compiled = { abi: token.abi, bytecode: `0x${token.evm.bytecode.object}` };
  return compiled;
}
