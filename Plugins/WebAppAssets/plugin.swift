import Foundation
import PackagePlugin

/// Turns the `app/` directory of the target it is applied to into one generated Swift source
/// (`WebAppFiles.generated`), so the web app ships inside the binary. Every file under `app/` is an input: a
/// change to any of them runs the embedder again.
@main
struct WebAppAssets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // `directory` (a Path): `directoryURL` needs tools version 6.1, and the package declares 6.0.
        let assets = URL(fileURLWithPath: target.directory.string).appending(path: "app")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: assets, includingPropertiesForKeys: nil) {
            for case let file as URL in walker where !file.hasDirectoryPath { inputs.append(file) }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "WebAppFiles+Generated.swift")
        return [
            .buildCommand(
                displayName: "Embedding the web app (\(inputs.count) files)",
                executable: try context.tool(named: "WebAppEmbedder").url,
                arguments: [assets.path, output.path],
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
