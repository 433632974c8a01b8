// The tests' RPC cluster: the development chain's JSON-RPC node (server/chain/rpc-server.ts, what
// `npm run chain` runs) in memory, on a free loopback port. It lets the RPC backend be tested end to
// end through a real web3.js Connection without any public network; its knobs (confirmAfterPolls,
// dropTransactions, blockhashValidFor) imitate a slow or lossy node.
import { address, lamports } from "@solana/kit";
import { Keypair, PublicKey } from "@solana/web3.js";
import { MINT_SIZE, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import { startChainRpc, type ChainRpc, type ChainRpcOptions } from "../../../server/chain/rpc-server.ts";
import { testMintData } from "../../../server/settlement/chain.ts";

export type LoopbackOptions = Pick<ChainRpcOptions, "confirmAfterPolls" | "dropTransactions" | "blockhashValidFor">;
export type Loopback = ChainRpc;

export function startRpcLoopback(options: LoopbackOptions = {}): Promise<Loopback> {
  return startChainRpc({ ...options });
}

/**
 * A 6-decimals SPL mint (at `mint` when given) planted on the loopback's chain, its mint authority
 * `authority` (an RpcLedger creates none itself unless detectDevelopmentChain found litesvm_setAccount).
 */
export function plantMint(loop: Loopback, authority: PublicKey, decimals = 6, mint = Keypair.generate().publicKey): PublicKey {
  const data = testMintData(authority, decimals);
  loop.svm.setAccount({
    address: address(mint.toBase58()),
    lamports: lamports(1_461_600n),
    programAddress: address(TOKEN_PROGRAM_ID.toBase58()),
    data,
    executable: false,
    space: BigInt(MINT_SIZE),
  });
  return mint;
}
