/*
 * migrate_exec.c - the migrate command in a running opensm (see
 * migrate_exec.h).
 *
 * prepare() only reads (OpenSM's subnet, the registry) and plans;
 * apply() posts the SMPs and updates the models; both run under
 * osm->lock held exclusively and vmstate.lock.  The wait for the
 * acknowledgements and their check come after the locks are released.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <opensm/osm_db_pack.h>
#include <opensm/osm_node.h>
#include <opensm/osm_port.h>
#include <opensm/osm_switch.h>

#include "ftree.h"
#include "migrate.h"
#include "migrate_exec.h"
#include "plugin.h"
#include "smp.h"
#include "snapshot.h"

#define ACK_TIMEOUT_MS 10000.0

struct sent_block {
	ib_net64_t sw_guid;
	uint16_t block;
	uint8_t ports[OC_LFT_BLOCK];
};

struct mig {
	struct oc_osm_plugin *p;
	osm_opensm_t *osm;
	const char *vm_name, *hv_name;
	enum oc_reconf_method method;
	double t0;     /* the command arrived */
	double t_plan; /* the lock was taken */
	struct oc_osm_snapshot *snap;
	struct oc_ftree *ft;
	struct oc_reconf *rc;
	struct oc_lfts *lfts;
	struct oc_plan plan;
	struct oc_vm_rec *vm;
	uint32_t src_hv, dst_hv;     /* switch indices (vSwitches) */
	uint64_t src_guid, dst_guid; /* VF port GUIDs */
	uint16_t lid, idle_lid;
	char idle_name[72];
	osm_port_t *src_port, *dst_port;
	struct sent_block *sent;
	uint32_t num_sent;
	int saved; /* registry written */
	struct oc_err save_err;
	struct oc_osm_op op;
};

void oc_osm_migrator_init(struct oc_osm_migrator *m)
{
	pthread_mutex_init(&m->busy, NULL);
}

void oc_osm_migrator_destroy(struct oc_osm_migrator *m)
{
	pthread_mutex_destroy(&m->busy);
}

static void mig_free(struct mig *m)
{
	oc_plan_release(&m->plan);
	oc_reconf_free(m->rc);
	oc_ftree_free(m->ft);
	oc_lfts_free(m->lfts);
	oc_osm_snapshot_free(m->snap);
	free(m->sent);
}

static const char *node_name(const struct mig *m, uint32_t node)
{
	return m->snap->f->nodes[node].name;
}

static uint32_t sw_node(const struct mig *m, uint32_t sw)
{
	return m->snap->f->switches[sw];
}

/* ---- prepare: read and plan ------------------------------------------ */

/* The LFTs OpenSM believes programmed: new_lft[0..max_lid_ho]. */
static int copy_lfts(struct mig *m, struct oc_err *err)
{
	const struct oc_fabric *f = m->snap->f;
	unsigned max_lid = f->max_lid;
	uint32_t i;

	for (i = 0; i < f->num_switches; i++)
		if (m->snap->sw[i] && m->snap->sw[i]->max_lid_ho > max_lid)
			max_lid = m->snap->sw[i]->max_lid_ho;
	if (max_lid > OC_MAX_UCAST_LID)
		max_lid = OC_MAX_UCAST_LID;
	m->lfts = oc_lfts_new(f->num_switches, max_lid);
	if (!m->lfts)
		return oc_err_set(err, "out of memory for the LFTs");
	for (i = 0; i < f->num_switches; i++) {
		const osm_switch_t *sw = m->snap->sw[i];
		unsigned last;

		if (!sw || !sw->new_lft || !sw->max_lid_ho)
			continue;
		last = sw->max_lid_ho < max_lid ? sw->max_lid_ho : max_lid;
		memcpy(oc_lft_row(m->lfts, i), sw->new_lft, last + 1u);
	}
	return 0;
}

/* The VM's record and its VF port, which must hold the VM's LID. */
static int find_vm(struct mig *m, struct oc_err *err)
{
	const struct oc_fabric *f = m->snap->f;
	unsigned port = 0;
	uint32_t node;

	m->vm = oc_vmreg_by_name(m->p->vmstate.reg, m->vm_name);
	if (!m->vm)
		return oc_err_set(err,
				  "unknown VM \"%s\" (\"osmcloud vms\" "
				  "lists them)",
				  m->vm_name);
	m->src_guid = m->vm->vf_guid;
	m->lid = m->vm->lid;
	node = oc_fabric_find_port_guid(f, m->src_guid, &port);
	if (node == OC_NONE || oc_is_switch(f, node) ||
	    !oc_port(f, node, port)->active)
		return oc_err_set(err,
				  "VM \"%s\": its VF port 0x%016" PRIx64
				  " is not active in the subnet",
				  m->vm_name, m->src_guid);
	if (oc_port(f, node, port)->lid != m->lid)
		return oc_err_set(err,
				  "VM \"%s\": its VF has LID %u, the "
				  "registry says %u",
				  m->vm_name, oc_port(f, node, port)->lid,
				  m->lid);
	m->src_hv = f->nodes[oc_peer(f, node, port)].sw_index;
	return 0;
}

static int analyze(struct mig *m, struct oc_err *err)
{
	struct oc_ftree_opts o = {
		.root_guids = m->p->inputs.roots,
		.num_roots = m->p->inputs.num_roots,
	};

	m->ft = oc_ftree_analyze(m->snap->f, &o, err);
	if (!m->ft)
		return -1;
	if (m->src_hv == OC_NONE || m->ft->sw[m->src_hv].role != OC_SW_VSWITCH)
		return oc_err_set(err, "VM \"%s\" is not behind a vSwitch",
				  m->vm_name);
	return 0;
}

static int find_hv(struct mig *m, struct oc_err *err)
{
	const struct oc_fabric *f = m->snap->f;
	uint32_t node = oc_fabric_find_name(f, m->hv_name);

	if (node == OC_NONE || !oc_is_switch(f, node) ||
	    m->ft->sw[f->nodes[node].sw_index].role != OC_SW_VSWITCH)
		return oc_err_set(err,
				  "unknown hypervisor \"%s\" (no vSwitch "
				  "of that name)",
				  m->hv_name);
	m->dst_hv = f->nodes[node].sw_index;
	if (m->dst_hv == m->src_hv)
		return oc_err_set(err,
				  "destination equals source: VM \"%s\" "
				  "already runs on hypervisor \"%s\"",
				  m->vm_name, m->hv_name);
	return 0;
}

/* An active VF port with a LID of the destination that no VM uses. */
static int find_idle_vf(struct mig *m, struct oc_err *err)
{
	const struct oc_fabric *f = m->snap->f;
	const struct oc_ft_switch *x = &m->ft->sw[m->dst_hv];
	uint32_t hv = sw_node(m, m->dst_hv);
	unsigned p;

	for (p = 1; p <= f->nodes[hv].num_ports; p++) {
		uint32_t ca = oc_peer(f, hv, p);
		const struct oc_port *vf;

		if (p == x->uplink_port || p == x->pf_port || ca == OC_NONE ||
		    oc_is_switch(f, ca))
			continue;
		vf = oc_port(f, ca, oc_port(f, hv, p)->peer_port);
		if (!vf->active || !vf->lid ||
		    oc_vmreg_by_vf(m->p->vmstate.reg, vf->guid))
			continue;
		m->dst_guid = vf->guid;
		m->idle_lid = vf->lid;
		snprintf(m->idle_name, sizeof(m->idle_name), "%s",
			 node_name(m, ca));
		return 0;
	}
	return oc_err_set(err,
			  "hypervisor \"%s\" has no idle VF (every VF with "
			  "a LID runs a VM)",
			  m->hv_name);
}

/* Every planned block fits a switch OpenSM programs. */
static int check_plan(struct mig *m, struct oc_err *err)
{
	uint32_t i;

	for (i = 0; i < m->plan.num_updates; i++) {
		const struct oc_lft_update *u = &m->plan.updates[i];
		const osm_switch_t *sw = m->snap->sw[u->sw];

		if (!sw || !sw->new_lft ||
		    (u->block + 1u) * OC_LFT_BLOCK > sw->lft_size)
			return oc_err_set(err,
					  "switch %s cannot take LFT block "
					  "%u",
					  node_name(m, sw_node(m, u->sw)),
					  u->block);
	}
	return 0;
}

static int find_osm_ports(struct mig *m, struct oc_err *err)
{
	osm_subn_t *subn = &m->osm->subn;

	m->src_port = osm_get_port_by_guid(subn, cl_hton64(m->src_guid));
	m->dst_port = osm_get_port_by_guid(subn, cl_hton64(m->dst_guid));
	if (!m->src_port || !m->dst_port || !m->src_port->p_physp ||
	    !m->dst_port->p_physp)
		return oc_err_set(err, "the VF ports are not in OpenSM's "
				       "subnet");
	return 0;
}

static int plan(struct mig *m, struct oc_err *err)
{
	struct oc_migrate_op op = {
		.kind = OC_OP_SWAP,
		.lid = m->lid,
		.peer_lid = m->idle_lid,
		.vf = OC_NONE,
	};

	m->rc = oc_reconf_new(m->snap->f, m->ft, err);
	if (!m->rc ||
	    oc_reconf_plan(m->rc, m->lfts, &op, m->method, &m->plan, err))
		return -1;
	return check_plan(m, err);
}

static int prepare(struct mig *m, struct oc_err *err)
{
	if (!m->p->vmstate.ready)
		return oc_err_set(err, "the VM registry is not seeded yet "
				       "(first routing run)");
	m->snap = oc_osm_snapshot_take(&m->osm->subn, err);
	if (!m->snap)
		return -1;
	if (find_vm(m, err) || copy_lfts(m, err) || analyze(m, err) ||
	    find_hv(m, err) || find_idle_vf(m, err) || plan(m, err) ||
	    find_osm_ports(m, err))
		return -1;
	m->op.plan_ms = oc_osm_now_ms() - m->t_plan;
	return 0;
}

/* ---- apply: SMPs and models ------------------------------------------ */

static void send_port_lids(struct mig *m)
{
	if (!oc_osm_smp_port_lid(m->osm, m->src_port->p_physp, m->idle_lid))
		m->op.pi_smps++;
	if (!oc_osm_smp_port_lid(m->osm, m->dst_port->p_physp, m->lid))
		m->op.pi_smps++;
}

static void send_blocks(struct mig *m)
{
	uint32_t i;

	for (i = 0; i < m->plan.num_updates; i++) {
		const struct oc_lft_update *u = &m->plan.updates[i];
		osm_switch_t *sw = m->snap->sw[u->sw];
		struct sent_block *b = &m->sent[m->num_sent];

		memcpy(sw->new_lft + (size_t)u->block * OC_LFT_BLOCK, u->ports,
		       OC_LFT_BLOCK);
		if (oc_osm_smp_lft_block(m->osm, sw, u->block))
			continue;
		b->sw_guid = osm_node_get_node_guid(sw->p_node);
		b->block = u->block;
		memcpy(b->ports, u->ports, OC_LFT_BLOCK);
		m->num_sent++;
	}
	m->op.lft_smps = m->num_sent;
}

/* guid2lid (and its file), the LID table and the ports' LIDs, so that
 * the next heavy sweep keeps the swap. */
static void update_osm_model(struct mig *m)
{
	osm_lid_mgr_t *mgr = &m->osm->sm.lid_mgr;

	osm_db_guid2lid_set(mgr->p_g2l, m->src_guid, m->idle_lid, m->idle_lid);
	osm_db_guid2lid_set(mgr->p_g2l, m->dst_guid, m->lid, m->lid);
	osm_db_store(mgr->p_g2l, FALSE);
	cl_ptr_vector_set(&m->osm->subn.port_lid_tbl, m->lid, m->dst_port);
	cl_ptr_vector_set(&m->osm->subn.port_lid_tbl, m->idle_lid, m->src_port);
	m->dst_port->lid = cl_hton16(m->lid);
	m->src_port->lid = cl_hton16(m->idle_lid);
}

static void update_registry(struct mig *m)
{
	m->vm->vf_guid = m->dst_guid;
	m->saved = !oc_vmreg_save(m->p->vmstate.reg, m->p->vmstate.path,
				  &m->save_err);
	if (!m->saved)
		oc_osm_err(&m->p->log, OC_ERR_OUTPUT,
			   "osmcloud: migrate %s: the fabric has moved but "
			   "the registry was NOT saved: %s",
			   m->vm_name, m->save_err.msg);
}

static int apply(struct mig *m, struct oc_err *err)
{
	m->sent = calloc(m->plan.num_updates + 1, sizeof(*m->sent));
	if (!m->sent)
		return oc_err_set(err, "out of memory");
	m->op.qp0_sent = m->osm->stats.qp0_mads_sent;
	send_port_lids(m);
	send_blocks(m);
	update_osm_model(m);
	update_registry(m);
	return 0;
}

/* ---- after the lock: wait, check, report ----------------------------- */

static void wait_acks(struct mig *m)
{
	double deadline = oc_osm_now_ms() + ACK_TIMEOUT_MS;

	while (m->osm->stats.qp0_mads_outstanding && !osm_exit_flag &&
	       oc_osm_now_ms() < deadline)
		usleep(200);
	m->op.ack_ms = oc_osm_now_ms() - m->t0;
	m->op.timed_out = m->osm->stats.qp0_mads_outstanding != 0;
	m->op.qp0_sent = m->osm->stats.qp0_mads_sent - m->op.qp0_sent;
}

static int block_acked(osm_subn_t *subn, const struct sent_block *b)
{
	osm_switch_t *sw = osm_get_switch_by_guid(subn, b->sw_guid);
	size_t off = (size_t)b->block * OC_LFT_BLOCK;

	return sw && sw->lft && off + OC_LFT_BLOCK <= sw->lft_size &&
	       !memcmp(sw->lft + off, b->ports, OC_LFT_BLOCK);
}

static int lid_acked(osm_subn_t *subn, uint64_t guid, uint16_t lid)
{
	osm_port_t *port = osm_get_port_by_guid(subn, cl_hton64(guid));

	return port && port->p_physp &&
	       cl_ntoh16(osm_physp_get_base_lid(port->p_physp)) == lid;
}

/* The receivers copied every reply into sw->lft and port_info. */
static void count_acks(struct mig *m)
{
	osm_subn_t *subn = &m->osm->subn;
	uint32_t i;

	cl_plock_acquire(&m->osm->lock);
	for (i = 0; i < m->num_sent; i++)
		m->op.lft_acked += block_acked(subn, &m->sent[i]);
	m->op.pi_acked = lid_acked(subn, m->src_guid, m->idle_lid) +
			 lid_acked(subn, m->dst_guid, m->lid);
	cl_plock_release(&m->osm->lock);
}

static void fill_op(struct mig *m)
{
	struct oc_osm_op *op = &m->op;

	op->when = time(NULL);
	snprintf(op->vm, sizeof(op->vm), "%s", m->vm_name);
	snprintf(op->from, sizeof(op->from), "%s",
		 node_name(m, sw_node(m, m->src_hv)));
	snprintf(op->to, sizeof(op->to), "%s", m->hv_name);
	op->method = oc_reconf_method_name(m->method);
	op->lid = m->lid;
	op->idle_lid = m->idle_lid;
	op->switches = m->plan.counts.switches;
	op->vswitches = m->plan.counts.vswitches;
}

/* Lost SMPs: OpenSM's next heavy sweep programs what guid2lid and
 * new_lft say (the registry is already saved). */
static int recover(struct mig *m, FILE *out)
{
	uint32_t total = m->plan.num_updates + 2;
	uint32_t lost = total - m->op.lft_acked - m->op.pi_acked;

	if (!lost)
		return 0;
	oc_osm_err(&m->p->log, OC_ERR_OUTPUT,
		   "osmcloud: migrate %s: %u of %u SMPs not acknowledged%s; "
		   "heavy sweep requested",
		   m->vm_name, lost, total,
		   m->op.timed_out ? " (timed out)" : "");
	fprintf(out,
		"error: %u of %u SMPs not acknowledged%s: a heavy sweep "
		"was requested to finish the move (registry kept)\n",
		lost, total, m->op.timed_out ? " (timed out)" : "");
	m->osm->subn.force_heavy_sweep = TRUE;
	osm_opensm_sweep(m->osm);
	return 1;
}

static int report(struct mig *m, FILE *out)
{
	int bad;

	fprintf(out,
		"migrated %s (LID %u) from %s to %s with %s: idle VF %s "
		"(LID %u) swapped with it\n",
		m->vm_name, m->lid, m->op.from, m->hv_name, m->op.method,
		m->idle_name, m->idle_lid);
	oc_osm_op_print(&m->op, out);
	oc_osm_info(&m->p->log,
		    "osmcloud: migrated %s (LID %u) %s -> %s (%s): %u LFT "
		    "blocks on %u switches + %u vSwitches, %u PortInfo, "
		    "last ack after %.2f ms",
		    m->vm_name, m->lid, m->op.from, m->hv_name, m->op.method,
		    m->op.lft_smps, m->op.switches, m->op.vswitches,
		    m->op.pi_smps, m->op.ack_ms);
	bad = recover(m, out);
	if (!m->saved) {
		fprintf(out,
			"ERROR: the fabric has moved but the registry %s "
			"was NOT saved: %s\n",
			m->p->vmstate.path, m->save_err.msg);
		bad = 1;
	}
	return bad;
}

/* Under both locks: plan, then send; -1 (nothing sent) on refusal. */
static int run_locked(struct mig *m, struct oc_err *err)
{
	int ret;

	CL_PLOCK_EXCL_ACQUIRE(&m->osm->lock);
	pthread_mutex_lock(&m->p->vmstate.lock);
	m->t_plan = oc_osm_now_ms();
	ret = prepare(m, err);
	if (!ret) {
		fill_op(m);
		ret = apply(m, err);
	}
	pthread_mutex_unlock(&m->p->vmstate.lock);
	CL_PLOCK_RELEASE(&m->osm->lock);
	return ret;
}

static int parse_args(struct mig *m, int argc, char **argv, FILE *out)
{
	if (argc < 3 || argc > 4) {
		fprintf(out, "usage: osmcloud migrate VM HYPERVISOR "
			     "[itrc|ftreeminrc]\n");
		return -1;
	}
	m->vm_name = argv[1];
	m->hv_name = argv[2];
	m->method = OC_RECONF_FTREEMINRC;
	if (argc == 4 && oc_reconf_method_parse(argv[3], &m->method)) {
		fprintf(out,
			"osmcloud migrate: unknown method \"%s\" (itrc or "
			"ftreeminrc)\n",
			argv[3]);
		return -1;
	}
	if (!m->p->vmstate.path) {
		fprintf(out, "osmcloud migrate: no VM registry: start opensm "
			     "with event_plugin_options state=FILE\n");
		return -1;
	}
	return 0;
}

int oc_osm_migrate(struct oc_osm_plugin *p, int argc, char **argv, FILE *out)
{
	struct mig m = {.p = p, .osm = p->osm};
	struct oc_err err;
	int ret;

	oc_plan_init(&m.plan);
	if (parse_args(&m, argc, argv, out))
		return 1;
	if (pthread_mutex_trylock(&p->migrator.busy)) {
		fprintf(out, "osmcloud migrate: another migration is in "
			     "flight; try again when it has finished\n");
		return 1;
	}
	m.t0 = oc_osm_now_ms();
	if (run_locked(&m, &err)) {
		fprintf(out, "osmcloud migrate: refused: %s\n", err.msg);
		ret = 1;
	} else {
		wait_acks(&m);
		count_acks(&m);
		oc_osm_opstats_add(&p->opstats, &m.op);
		ret = report(&m, out);
	}
	pthread_mutex_unlock(&p->migrator.busy);
	mig_free(&m);
	return ret;
}
